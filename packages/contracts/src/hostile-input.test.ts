import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  deleteAccountSchema,
  EMAIL_PATTERN,
  emailOnlySchema,
  loginSchema,
  NAME_PATTERN,
  OTP_PATTERN,
  refreshSchema,
  signupSchema,
  USERNAME_PATTERN,
  updateProfileSchema,
  verifyOtpSchema,
} from './accounts';
import { agentRequestSchema } from './agent';

const N = 50_000;
/** Strings an attacker sends to make a validator work hard (issue 11, item 5). */
export const HOSTILE_STRINGS: Record<string, string> = {
  dots: '.'.repeat(N),
  'local part': `${'a'.repeat(N)}@example.com`,
  'dots after @, then @': `a@${'.'.repeat(N)}@`,
  'dotted labels, then @': `a@a${'.a'.repeat(N / 2)}@`,
  'nested quotes': `${'"\\"'.repeat(N / 3)}@example.com`,
  'at signs': '@'.repeat(N),
  spaces: `a${' '.repeat(N)}b`,
  'name-like': `A${" '-.".repeat(N / 4)}1`,
  digits: '1'.repeat(N),
  NUL: '\u0000'.repeat(N),
  'combining marks': `e${'\u0301'.repeat(N)}@example.com`,
};
for (const char of "!#$%&'*+-/=?^_`{|}~()[]\\:;<>,") HOSTILE_STRINGS[`char ${char}`] = char.repeat(N);

const valid = {
  login: { username: 'asha@example.com', password: 'Str0ng!pass' },
  signup: { name: 'Asha Rao', username: 'asha', email: 'asha@example.com', password: 'Str0ng!pass' },
  verifyOtp: { email: 'asha@example.com', code: '123456' },
  emailOnly: { email: 'asha@example.com' },
  refresh: { refresh_token: 'x'.repeat(32) },
  deleteAccount: { password: 'Str0ng!pass', reason: 'other', feedback: 'bye' },
  updateProfile: { firstName: 'Asha', lastName: 'Rao', name: 'Asha Rao' },
  agentRequest: { Prompt: 'hello', Chat_Id: 'c1', Request_Id: 'r1' },
};
const schemas: Record<keyof typeof valid, z.ZodObject> = {
  login: loginSchema,
  signup: signupSchema,
  verifyOtp: verifyOtpSchema,
  emailOnly: emailOnlySchema,
  refresh: refreshSchema,
  deleteAccount: deleteAccountSchema,
  updateProfile: updateProfileSchema,
  agentRequest: agentRequestSchema,
};

describe('every text field of every schema under hostile strings', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    const base = valid[name as keyof typeof valid];
    it(`${name}: accepts its valid example`, () => {
      expect(schema.safeParse(base).success).toBe(true);
    });
    for (const field of Object.keys(schema.shape)) {
      it(`${name}.${field}: refuses every hostile 50,000-character string within 25 ms`, () => {
        for (const [label, hostile] of Object.entries(HOSTILE_STRINGS)) {
          const started = performance.now();
          const result = schema.safeParse({ ...base, [field]: hostile });
          const ms = performance.now() - started;
          expect(ms, `${label}: ${ms.toFixed(1)} ms`).toBeLessThan(25);
          if (field !== 'Prompt' || hostile.trim().length > 20_000) expect(result.success, label).toBe(false);
        }
      });
    }
  }
});

describe('the patterns run in linear time', () => {
  it('each pattern tests any 50,000-character hostile string within 25 ms', () => {
    for (const pattern of [EMAIL_PATTERN, USERNAME_PATTERN, NAME_PATTERN, OTP_PATTERN]) {
      for (const [label, hostile] of Object.entries(HOSTILE_STRINGS)) {
        const started = performance.now();
        pattern.test(hostile);
        expect(performance.now() - started, `${pattern} on ${label}`).toBeLessThan(25);
      }
    }
  });

  it('EMAIL_PATTERN accepts the same printable addresses as the former backtracking pattern', () => {
    const former = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const part = fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '-', 'é', '+'), maxLength: 12 });
    fc.assert(
      fc.property(part, part, (local, domain) => {
        for (const address of [`${local}@${domain}`, local, `${local}.${domain}`]) {
          expect(EMAIL_PATTERN.test(address), address).toBe(former.test(address));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('EMAIL_PATTERN refuses control characters (NUL included)', () => {
    expect(EMAIL_PATTERN.test('a\u0000b@example.com')).toBe(false);
    expect(EMAIL_PATTERN.test('ab@exa\u0001mple.com')).toBe(false);
  });
});

describe('one form of an e-mail address', () => {
  it('an address typed in NFD or with capitals parses to its NFC lower-case form', () => {
    const nfc = 'josé@example.com'.normalize('NFC');
    const nfd = 'JOSÉ@Example.com'.normalize('NFD');
    expect(nfd).not.toBe(nfc.toUpperCase());
    expect(emailOnlySchema.parse({ email: nfd }).email).toBe(nfc);
    expect(loginSchema.parse({ username: ` ${nfd} `, password: 'secret1' }).username).toBe(nfc);
    expect(signupSchema.parse({ ...valid.signup, email: nfd }).email).toBe(nfc);
    expect(verifyOtpSchema.parse({ email: nfd, code: '123456' }).email).toBe(nfc);
  });

  it('an address that is valid only once decomposed accents are composed fits the 254 limit', () => {
    const local = 'é'.repeat(200);
    const email = `${local}@example.com`;
    expect(email.length).toBeLessThanOrEqual(254);
    expect(email.normalize('NFD').length).toBeGreaterThan(254);
    expect(emailOnlySchema.safeParse({ email: email.normalize('NFD') }).success).toBe(true);
  });
});

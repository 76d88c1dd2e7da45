import { LOCALES } from '@sangam/contracts';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '@/lib/clock';
import { readOutbox } from '@/lib/mailer/mailer';
import { signupCodeMail } from '@/lib/mailer/templates';
import { type TestApp, useAppOnClock } from './helper';
import { createVerifiedUser, post } from './users';

/** Issue 24: mail goes out in the language the user had when they asked for it. */
let t: TestApp;
let clock: ManualClock;
useAppOnClock(Date.UTC(2026, 10, 2, 9), (app, manual) => {
  t = app;
  clock = manual;
});

/** The newest mail to `email` once there are more than `after`. */
async function mailAfter(email: string, after: number) {
  for (let i = 0; i < 100; i += 1) {
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to === email);
    if (mails.length > after) return mails.at(-1) as (typeof mails)[number];
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${email}`);
}
const mailCount = async (email: string) => (await readOutbox(t.dataDir)).filter((m) => m.to === email).length;
const codeOf = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';
const tag = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;

describe('sign-up and reset mails in Hindi and Tamil', () => {
  it('a Hindi sign-up gets its code in Hindi, and verification keeps Hindi as the profile language', async () => {
    const id = tag();
    const email = `hindi${id}@example.com`;
    const username = `hindi${id}`;
    expect((await post(t, '/api/v1/signup', { name: 'Asha Rao', username, email, password: 'Str0ng!pass', locale: 'hi' })).status).toBe(
      201,
    );
    const mail = await mailAfter(email, 0);
    expect(mail.subject).toMatch(/^आपका Sangam सत्यापन कोड: \d{6}$/);
    expect(mail.text).toContain('अपना ईमेल सत्यापित करें');
    expect(mail.text).toContain(`आपका कोड: ${codeOf(mail.text)}`);
    expect(mail.text).toContain(`“${username}” यूज़रनेम`);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('यह 10 मिनट में समाप्त हो जाएगा।');
    expect(mail.html).not.toContain('Verify your email');
    const verified = await post(t, '/api/v1/signup/otp_verify', { email, code: codeOf(mail.text), locale: 'hi' });
    expect(verified.status).toBe(200);
    const login = await post(t, '/api/v1/login', { username: email, password: 'Str0ng!pass' });
    expect((login.body.user as { locale?: string }).locale).toBe('hi');
  });

  it('a Tamil sign-up (Accept-Language) and a Tamil reset: code mail and the password-changed notice', async () => {
    const id = tag();
    const email = `tamil${id}@example.com`;
    await post(
      t,
      '/api/v1/signup',
      { name: 'Meena K', username: `tamil${id}`, email, password: 'Str0ng!pass' },
      { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' },
    );
    const signup = await mailAfter(email, 0);
    expect(signup.subject).toMatch(/^உங்கள் Sangam சரிபார்ப்புக் குறியீடு: \d{6}$/);
    expect(signup.html).toContain('<html lang="ta">');
    await post(t, '/api/v1/signup/otp_verify', { email, code: codeOf(signup.text) });

    expect((await post(t, '/api/v1/forgot-password', { email, locale: 'ta' })).status).toBe(200);
    const reset = await mailAfter(email, 1);
    expect(reset.subject).toMatch(/^உங்கள் Sangam கடவுச்சொல் மீட்டமைப்புக் குறியீடு: \d{6}$/);
    expect(reset.text).toContain('உங்கள் கடவுச்சொல்லை மீட்டமைக்கவும்');
    expect(reset.text).toContain('உங்கள் குறியீடு:');
    const body = { email, code: codeOf(reset.text), password: 'N3w!Strong', confirm: 'N3w!Strong', locale: 'ta' };
    expect((await post(t, '/api/v1/reset-password', body)).status).toBe(200);
    const changed = await mailAfter(email, 2);
    expect(changed.subject).toBe('உங்கள் Sangam கடவுச்சொல் மாற்றப்பட்டது');
    expect(changed.text).toContain('support@');
  });

  it('without a language in the request, the profile language is used; without either, English', async () => {
    const user = await createVerifiedUser(t);
    const before = await mailCount(user.email);
    await post(t, '/api/v1/forgot-password', { email: user.email });
    expect((await mailAfter(user.email, before)).subject).toMatch(/^Your Sangam password reset code: \d{6}$/);

    // Signing in with a language chosen while signed out keeps it on the profile.
    const login = await post(t, '/api/v1/login', { username: user.email, password: user.password, locale: 'hi' });
    expect((login.body.user as { locale?: string }).locale).toBe('hi');
    clock.advance(61_000);
    await post(t, '/api/v1/forgot-password', { email: user.email });
    expect((await mailAfter(user.email, before + 1)).subject).toMatch(/^आपका Sangam पासवर्ड रीसेट कोड: \d{6}$/);
  });
});

it('a language Sangam does not ship is refused, never guessed', async () => {
  const res = await post(t, '/api/v1/forgot-password', { email: 'nobody@example.com', locale: 'xx' });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
});

describe('subjects are header-safe in every script', () => {
  /** RFC 2047 encoded-words (B or Q) of an unfolded header value, decoded. */
  const decodeWords = (value: string) =>
    value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_w, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );

  for (const { code: locale } of LOCALES)
    it(`${locale}: the Subject header is ASCII and decodes to the subject`, async () => {
      const mail = signupCodeMail('someone@example.com', '123456', 'someone', locale);
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: 'Sangam <no-reply@example.com>', ...mail });
      const raw = (info.message as Buffer).toString('utf8');
      const header = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
      const subject = header.split('\n').find((l) => l.startsWith('Subject: ')) ?? '';
      expect(subject).toMatch(/^[\x20-\x7e]+$/);
      if (locale !== 'en') expect(subject).toMatch(/=\?UTF-8\?[BQ]\?/i);
      expect(decodeWords(subject.slice('Subject: '.length))).toBe(mail.subject);
      expect(mail.subject).toContain('123456');
    });
});

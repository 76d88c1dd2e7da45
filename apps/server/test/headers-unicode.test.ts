import { request as httpRequest } from 'node:http';
import { parse } from 'content-disposition';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '@/db/schema';
import { insertChat } from './conv-helper';
import { startTestApp, type TestApp } from './helper';
import { createVerifiedUser, type TestUser } from './users';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createVerifiedUser(t);
});
afterAll(() => t.close());

/** A response header value as sent: printable US-ASCII (and SP/HTAB) only, no CR or LF. */
const VALID_HEADER_VALUE = /^[\t\x20-\x7e]*$/;
/** The headers the server builds from user text: the download's name and the echoed request id. */
const USER_BUILT_HEADERS = ['content-disposition', 'x-request-id'];

const exportChat = (chatId: string, format: 'md' | 'json') =>
  fetch(`${t.baseUrl}/api/v1/chats/${chatId}/export?format=${format}`, { headers: { authorization: `Bearer ${owner.accessToken}` } });

const expectValidHeaders = (res: Response) => {
  for (const name of USER_BUILT_HEADERS) expect(res.headers.get(name) ?? '', name).toMatch(VALID_HEADER_VALUE);
};

describe('a chat titled in any script downloads under its own name', () => {
  const cases = [
    { title: 'दाल की रेसिपी', name: 'दाल-की-रेसिपी', ascii: 'chat' },
    { title: 'தமிழ் உரையாடல்', name: 'தமிழ்-உரையாடல்', ascii: 'chat' },
    { title: 'Diwali 🪔 दीवाली', name: 'Diwali-दीवाली', ascii: 'Diwali' },
    { title: 'Café "quoted" \\ back', name: 'Café-quoted-back', ascii: 'Cafe-quoted-back' },
  ];
  for (const { title, name, ascii } of cases) {
    it(`"${title}": 200 with filename*=UTF-8'' and an ASCII fallback, for Markdown and JSON`, async () => {
      const id = await insertChat(t.db, { userId: owner.id, title, question: 'Q', answer: 'A' });
      for (const format of ['md', 'json'] as const) {
        const res = await exportChat(id, format);
        expect(res.status, format).toBe(200);
        expectValidHeaders(res);
        const header = res.headers.get('content-disposition') ?? '';
        expect(header).toContain(`filename="${ascii}.${format}"`);
        expect(header).toContain("filename*=UTF-8''");
        expect(parse(header)).toEqual({ type: 'attachment', parameters: expect.objectContaining({ filename: `${name}.${format}` }) });
      }
    });
  }

  it('a Hindi title set through PATCH exports too', async () => {
    const id = await insertChat(t.db, { userId: owner.id, title: 'old', question: 'Q', answer: 'A' });
    const patched = await fetch(`${t.baseUrl}/api/v1/chats/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'नमस्ते दुनिया' }),
    });
    expect(patched.status).toBe(200);
    const res = await exportChat(id, 'md');
    expect(res.status).toBe(200);
    expect(parse(res.headers.get('content-disposition') ?? '').parameters.filename).toBe('नमस्ते-दुनिया.md');
    expect(await res.text()).toMatch(/^# नमस्ते दुनिया\n/);
  });
});

// Hindi, Tamil, emoji (with ZWJ and skin tones), CR/LF, quotes, backslashes, percent signs, controls.
const PIECES = [
  'नमस्ते',
  'क्षत्रिय',
  'தமிழ்',
  'ஸ்ரீ',
  '👩🏽‍🍳',
  '🪔',
  '\r\n',
  '\r',
  '\n',
  '"',
  "'",
  '\\',
  '%20',
  '%',
  ';',
  '=',
  '*',
  '\t',
  '\u0007',
  ' ',
];
const hostileText = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 30 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
  fc.constantFrom('क'.repeat(5000), '😀'.repeat(3000), `${'a'.repeat(4000)}"\r\n`),
);

describe('no user text makes a header invalid or the answer a 5xx', () => {
  it('fuzzed chat titles (stored as the database keeps them) export with 200 and valid headers', async () => {
    const id = await insertChat(t.db, { userId: owner.id, title: 'fuzz', question: 'Q', answer: 'A' });
    await fc.assert(
      fc.asyncProperty(hostileText, fc.constantFrom('md' as const, 'json' as const), async (raw, format) => {
        // PostgreSQL text holds neither NUL nor a lone surrogate (the driver sends U+FFFD for it).
        const title = raw.replaceAll('\u0000', '');
        await t.db
          .update(conversations)
          .set({ title: title || 'x' })
          .where(eq(conversations.id, id));
        const res = await exportChat(id, format);
        expect(res.status).toBe(200);
        expectValidHeaders(res);
        const { filename } = parse(res.headers.get('content-disposition') ?? '').parameters;
        expect(filename).toMatch(new RegExp(`^[\\p{L}\\p{M}\\p{N}-]+\\.${format}$`, 'u'));
        await res.arrayBuffer();
      }),
      { numRuns: 300 },
    );
  });

  /** A raw request, so header bytes outside what fetch allows (Latin-1, lone CR) reach the server. */
  const rawGet = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
      const url = new URL(path, t.baseUrl);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    });

  it('fuzzed x-request-id values are echoed only when safe, never break the response', async () => {
    // Every byte a client may send in a header value: HTAB, SP to '~', and 0x80 to 0xFF (Latin-1).
    const byte = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09));
    const latin1 = fc.string({ unit: byte.map((c) => String.fromCharCode(c)), maxLength: 300 });
    await fc.assert(
      fc.asyncProperty(fc.oneof(latin1, fc.constantFrom('"\\";', 'a'.repeat(5000), '%0d%0a', 'ok-id_1')), async (id) => {
        const res = await rawGet('/api/v1/chats', { authorization: `Bearer ${owner.accessToken}`, 'x-request-id': id });
        expect(res.status).toBe(200);
        const echoed = String(res.headers['x-request-id']);
        expect(echoed).toMatch(VALID_HEADER_VALUE);
        // The id is a caller's own only when it is 1-64 letters, digits, '_' or '-' (HTTP trims SP/HTAB around it).
        expect(echoed).toMatch(/^[\w-]{1,64}$/);
        const given = id.replace(/^[ \t]+|[ \t]+$/g, '');
        if (/^[\w-]{1,64}$/.test(given)) expect(echoed).toBe(given);
      }),
      { numRuns: 200 },
    );
  });
});

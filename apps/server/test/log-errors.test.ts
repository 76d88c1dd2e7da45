import { sql } from 'drizzle-orm';
import { stdSerializers } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_NOT_LOGGED } from '@/lib/log-errors';
import { logStreamInto, startTestApp, type TestApp } from './helper';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: logStreamInto(lines) });
});
afterAll(() => t.close());

describe('a failed statement in the log (no secret in logs)', () => {
  it('logs the error’s kind, SQLSTATE and frames, never the statement or what the user sent', async () => {
    // A real failure through drizzle, which wraps it as "Failed query: <sql>\nparams: <values>".
    const prompt = 'मेरा गुप्त प्रश्न\nதமிழ் ரகசியம் 🔑 secret-token-42';
    const err = await t.db.execute(sql`select ${prompt}::int as n from (select 1) as one`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('secret-token-42');
    lines.length = 0;
    t.app.log.error({ err }, 'writing chats failed');
    const line = lines.join('');
    for (const secret of ['गुप्त', 'ரகசியம்', '🔑', 'secret-token-42', 'select', '::int']) expect(line).not.toContain(secret);
    const logged = JSON.parse(line).err;
    expect(logged.message).toContain(QUERY_NOT_LOGGED);
    expect(logged.stack).toContain(QUERY_NOT_LOGGED);
    expect(logged.sqlState).toBe('22P02');
    expect(logged.query).toBeUndefined();
    expect(logged.params).toBeUndefined();
    expect(logged.message).toContain('database error 22P02');
  });

  it('a database error thrown as is (no wrapper) loses its message and detail, keeps its SQLSTATE and constraint', async () => {
    const email = 'गुप्त.user@उदाहरण.भारत';
    const err = Object.assign(new Error(`duplicate key value violates unique constraint "users_email_unique" (${email})`), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: `Key (email)=(${email}) already exists.`,
    });
    lines.length = 0;
    t.app.log.error({ err }, 'sign-up failed');
    const line = lines.join('');
    expect(line).not.toContain('गुप्त');
    const logged = JSON.parse(line).err;
    expect(logged).toMatchObject({ code: '23505', constraint: 'users_email_unique', sqlState: '23505', message: 'database error 23505' });
    expect(logged.detail).toBeUndefined();
  });

  it('a model provider’s error loses the request and response bodies it carries (the prompt, the answer)', async () => {
    const { APICallError } = await import('@ai-sdk/provider');
    const err = new APICallError({
      message: 'Bad Request',
      url: 'https://api.example.com/v1/chat/completions',
      requestBodyValues: { messages: [{ role: 'user', content: 'मेरा गुप्त प्रश्न' }] },
      statusCode: 400,
      responseBody: '{"error":"गुप्त उत्तर"}',
      isRetryable: false,
    });
    lines.length = 0;
    t.app.log.error({ err }, 'answer failed');
    const line = lines.join('');
    expect(line).not.toContain('गुप्त');
    expect(JSON.parse(line).err).toMatchObject({ type: 'APICallError', statusCode: 400, message: 'Bad Request' });
  });

  it('logs any other error as pino would', () => {
    const err = Object.assign(new Error('upstream refused'), { code: 'ECONNREFUSED' });
    lines.length = 0;
    t.app.log.error({ err }, 'model failed');
    expect(JSON.parse(lines.join('')).err).toEqual(JSON.parse(JSON.stringify(stdSerializers.err(err))));
  });
});

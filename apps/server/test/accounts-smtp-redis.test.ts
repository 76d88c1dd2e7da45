import { randomUUID } from 'node:crypto';
import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents, usageReservations } from '@/db/schema';
import { openTestDatabase, startTestApp, type TestApp, writeModelsFile } from './helper';
import { browser } from './shared-address-helper';
import { formOf, generateAnswer, loginForm, post, randomIp } from './users';

describe('mail over real SMTP', () => {
  const received: Array<{ to: string; data: string }> = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the verification code to an SMTP receiver, and the code verifies the account', async () => {
    const email = `smtp${randomUUID().slice(0, 8)}@example.com`;
    await post(t, '/api/v1/signup', { name: 'Smtp User', username: `smtp${randomUUID().slice(0, 8)}`, email, password: 'Str0ng!pass' });
    await expect.poll(() => received.filter((m) => m.to === email).length, { timeout: 10_000 }).toBe(1);
    const mail = received.find((m) => m.to === email)?.data ?? '';
    expect(mail).toMatch(/Subject: Your Sangam verification code/);
    const code = mail.match(/Your code: (\d{6})/)?.[1] ?? '';
    expect((await post(t, '/api/v1/signup/otp_verify', { email, code })).status).toBe(200);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances of the app on one fresh PostgreSQL database, started before the block's tests and
 * closed after them; `env` is given to both. Several instances must share JWT_SECRET (it also keys the
 * emailed-code digests).
 */
/** Two instances on one fresh PostgreSQL database; `env` is read when they start (after earlier `beforeAll`s). */
function twoInstancesSharing(env: () => Record<string, string> = () => ({})) {
  const apps = {} as { a: TestApp; b: TestApp };
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const shared = await openTestDatabase('/tmp');
    await shared.database.close();
    drop = shared.drop;
    const shareEnv = { ...env(), JWT_SECRET: randomUUID() + randomUUID() };
    apps.a = await startTestApp(shareEnv, { database: shared.url });
    apps.b = await startTestApp(shareEnv, { database: shared.url });
  });
  afterAll(async () => {
    await apps.a.close();
    await apps.b.close();
    await drop();
  });
  return apps;
}

/** A user signed up on `app` and verified on `other`. */
async function verifiedUserOn(app: TestApp, other: TestApp) {
  const tag = randomUUID().slice(0, 8);
  const user = { email: `redis${tag}@example.com`, password: 'Str0ng!pass', name: 'Redis User', username: `redis${tag}` };
  await post(app, '/api/v1/signup', user);
  const { latestCode } = await import('./users');
  const code = await latestCode(app, user.email);
  expect((await post(other, '/api/v1/signup/otp_verify', { email: user.email, code })).status).toBe(200);
  return user;
}

describe.skipIf(!pgUrl || !redisUrl)('two instances sharing PostgreSQL and Redis', () => {
  const apps = twoInstancesSharing(() => ({ REDIS_URL: String(redisUrl) }));

  it('a refresh token issued by one instance is rotated by the other, and reuse is caught by either', async () => {
    const { a, b } = apps;
    const user = await verifiedUserOn(a, b);
    const login = await loginForm(a, user.email, user.password);
    expect(login.status).toBe(200);
    const rotated = await post(b, '/api/v1/refresh', { refresh_token: String(login.body.refresh_token) });
    expect(rotated.status).toBe(200);
    const out = await post(a, '/api/v1/auth/logout', {}, { authorization: `Bearer ${String(rotated.body.access_token)}` });
    expect(out.status).toBe(200);
    const verifyOnB = await fetch(`${b.baseUrl}/api/v1/auth/verify`, {
      headers: { authorization: `Bearer ${String(rotated.body.access_token)}` },
    });
    expect(verifyOnB.status).toBe(401);
  });

  it('a login limit is reached by attempts split across both instances', async () => {
    const { a, b } = apps;
    const user = await verifiedUserOn(a, b);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await loginForm(i % 2 ? a : b, user.email, `Wrong!pass${i}`, randomIp())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("a stranger's resend on one instance does not use up the allowance of the sign-up's own browser on the other", async () => {
    const { a, b } = apps;
    const tag = randomUUID().slice(0, 8);
    const email = `owner${tag}@example.com`;
    const owner = browser(a, '10.31.0.1');
    expect(
      (await owner.send('/api/v1/signup', { name: 'Owner Person', username: `own${tag}`, email, password: 'Str0ng!pass' })).status,
    ).toBe(201);
    const stranger = await post(b, '/api/v1/signup/resend_otp', { email });
    expect(stranger.body.code).toBe('RESEND_TOO_SOON');
    const mine = browser(b, '10.31.0.1');
    for (const [k, v] of owner.jar) mine.jar.set(k, v);
    expect((await mine.send('/api/v1/signup/resend_otp', { email })).status).toBe(200);
    expect((await owner.send('/api/v1/signup/resend_otp', { email })).body.code).toBe('RESEND_TOO_SOON');
  });

  it('failures from one address counted on both instances put it under a flood: a new device needs the mailed code, a known one signs in', async () => {
    const { a, b } = apps;
    const user = await verifiedUserOn(a, b);
    const ip = `100.64.${Math.floor(Math.random() * 250)}.7`;
    const known = browser(a, ip);
    expect((await known.login(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 50; i += 1) await browser(i % 2 ? a : b, ip).login(`stuffed${i}@example.com`, 'Wrong!pass1');
    const fresh = await browser(b, ip).login(user.email, user.password);
    expect(fresh.body.code).toBe('LOGIN_CODE_REQUIRED');
    const again = browser(b, ip);
    for (const [k, v] of known.jar) again.jar.set(k, v);
    expect((await again.login(user.email, user.password)).status).toBe(200);
  }, 120_000);
});

describe.skipIf(!pgUrl)('two instances sharing PostgreSQL without Redis', () => {
  let fake: FakeLlm;
  let modelsFile = '';
  beforeAll(async () => {
    fake = await startFakeLlm();
    modelsFile = writeModelsFile(fakeModelsFile(fake.url));
  });
  afterAll(async () => {
    await fake.close();
  });
  const apps = twoInstancesSharing(() => ({ MODELS_FILE: modelsFile }));

  it('a session signed out on one instance is refused by the other at once (the database answers the check)', async () => {
    const { a, b } = apps;
    const user = await verifiedUserOn(a, b);
    const login = await loginForm(a, user.email, user.password);
    const token = String(login.body.access_token);
    const verify = (app: TestApp) => fetch(`${app.baseUrl}/api/v1/auth/verify`, { headers: { authorization: `Bearer ${token}` } });
    expect((await verify(b)).status).toBe(200);
    expect((await post(a, '/api/v1/auth/logout', {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await verify(b)).status).toBe(401);
    expect((await verify(a)).status).toBe(401);
  });

  it('the answer routes leave the check to their reservation: a signed-out session is refused before anything is kept or asked', async () => {
    const { a, b } = apps;
    const user = await verifiedUserOn(a, b);
    const login = await loginForm(a, user.email, user.password);
    const session = { accessToken: String(login.body.access_token) };
    const chatId = randomUUID();
    const ask = (requestId: string, fields: Record<string, string> = {}) =>
      generateAnswer(b, session, formOf({ Chat_Id: chatId, Request_Id: requestId, Prompt: 'नमस्ते, வணக்கம் 🙏 what is dharma?', ...fields }));
    const refine = (requestId: string) =>
      fetch(`${b.baseUrl}/ai/v1/agent/PromptRefiner`, {
        method: 'POST',
        headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${session.accessToken}` },
        body: formOf({ Chat_Id: chatId, Request_Id: requestId, Prompt: 'नमस्ते' }),
      });
    // Signed in, the deferred check costs nothing: the answer is given, kept, and given again for its Request_Id.
    const first = await ask('req-1');
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('best_output');
    expect((await ask('req-1')).status).toBe(200);
    expect((await refine('refine-1')).status).toBe(200);

    expect((await post(a, '/api/v1/auth/logout', {}, { authorization: `Bearer ${session.accessToken}` })).status).toBe(200);
    const asked = fake.requests.length;
    const refusals = [
      await ask('req-2'),
      await ask('req-1'),
      await ask('req-3', { Chat_Id: randomUUID(), Parent_Id: randomUUID() }),
      await refine('refine-2'),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('TOKEN_INVALID');
    }
    expect(fake.requests.length).toBe(asked);
    // Nothing was reserved or charged for them (the answers before were: their rows are there).
    const requestIds = [
      ...(await b.db.select().from(usageReservations)).map((r) => r.requestId),
      ...(await b.db.select().from(usageEvents)).map((r) => r.requestId),
    ];
    expect(requestIds).toContain('req-1');
    expect(requestIds.filter((id) => ['req-2', 'req-3', 'refine-2'].includes(id))).toEqual([]);
  });
});

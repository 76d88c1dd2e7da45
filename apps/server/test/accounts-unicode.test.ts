import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingSignups, users } from '@/db/schema';
import { startTestApp, type TestApp } from './helper';
import { codeAfter, latestCode, loginForm, post } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** One address in its composed (NFC) and decomposed (NFD) spellings, which look identical on screen. */
const spellings = () => {
  const tag = randomUUID().replaceAll('-', '').slice(0, 8);
  const nfc = `josé.${tag}@example.com`.normalize('NFC');
  const nfd = nfc.normalize('NFD');
  return { tag, nfc, nfd, shouting: `JOSÉ.${tag}@EXAMPLE.COM`.normalize('NFD') };
};
const rowsFor = (...emails: string[]) => t.db.select().from(users).where(inArray(users.email, emails));

describe('an e-mail address typed in NFC or NFD is one account', () => {
  it('sign-up with NFC, then sign-up with NFD of the same address: still one account, and login with NFD works', async () => {
    const { tag, nfc, nfd, shouting } = spellings();
    const password = 'Str0ng!pass';
    expect(nfd).not.toBe(nfc);
    expect((await post(t, '/api/v1/signup', { name: 'Jose Rao', username: `a${tag}`, email: nfc, password })).status).toBe(201);
    const verify = await post(t, '/api/v1/signup/otp_verify', { email: nfd, code: await latestCode(t, nfc) });
    expect(verify.status).toBe(200);

    const again = await post(t, '/api/v1/signup', { name: 'Jose Rao', username: `b${tag}`, email: nfd, password: 'Other!pass1' });
    expect(again.status).toBeLessThan(500);
    const rows = await rowsFor(nfc, nfd);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(nfc);
    expect(
      await t.db
        .select()
        .from(users)
        .where(inArray(users.username, [`b${tag}`])),
    ).toHaveLength(0);

    const first = await loginForm(t, nfc, password);
    expect(first.status).toBe(200);
    for (const spelling of [nfd, shouting]) {
      const login = await loginForm(t, spelling, password);
      expect(login.status, spelling).toBe(200);
      expect((login.body.user as { id: string; email: string }).id).toBe((first.body.user as { id: string }).id);
      expect((login.body.user as { email: string }).email).toBe(nfc);
    }
    expect((await loginForm(t, nfd, 'Other!pass1')).status).toBe(401);
  });

  it('unverified NFC and NFD sign-ups of the same address are pending for one address, and verifying makes one account', async () => {
    const { tag, nfc, nfd } = spellings();
    const password = 'Str0ng!pass';
    expect((await post(t, '/api/v1/signup', { name: 'Jose Rao', username: `c${tag}`, email: nfc, password })).status).toBe(201);
    const code = await latestCode(t, nfc);
    await post(t, '/api/v1/signup', { name: 'Jose Rao', username: `f${tag}`, email: nfd, password });
    // Each sign-up stays pending with its own credentials (issue 11 item 3), all under the NFC spelling.
    const pending = await t.db
      .select()
      .from(pendingSignups)
      .where(inArray(pendingSignups.email, [nfc, nfd]));
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(new Set(pending.map((p) => p.email))).toEqual(new Set([nfc]));
    expect((await post(t, '/api/v1/signup/otp_verify', { email: nfd, code })).status).toBe(200);
    const rows = await rowsFor(nfc, nfd);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(nfc);
  });

  it('a reset asked for with NFD mails the NFC account, and the new password works with either spelling', async () => {
    const { tag, nfc, nfd } = spellings();
    await post(t, '/api/v1/signup', { name: 'Jose Rao', username: `d${tag}`, email: nfc, password: 'Str0ng!pass' });
    await post(t, '/api/v1/signup/otp_verify', { email: nfc, code: await latestCode(t, nfc) });
    const code = await codeAfter(t, nfc, () => post(t, '/api/v1/forgot-password', { email: nfd }));
    const reset = await post(t, '/api/v1/reset-password', { email: nfd, code, password: 'N3w!password', confirm: 'N3w!password' });
    expect(reset.status).toBe(200);
    expect((await loginForm(t, nfc, 'N3w!password')).status).toBe(200);
    expect((await loginForm(t, nfd, 'N3w!password')).status).toBe(200);
  });

  it('the settings deletion accepts the account e-mail typed in NFD', async () => {
    const { tag, nfc, nfd } = spellings();
    await post(t, '/api/v1/signup', { name: 'Jose Rao', username: `e${tag}`, email: nfc, password: 'Str0ng!pass' });
    await post(t, '/api/v1/signup/otp_verify', { email: nfc, code: await latestCode(t, nfc) });
    const login = await loginForm(t, nfd, 'Str0ng!pass');
    expect(login.status).toBe(200);
    const res = await fetch(`${t.baseUrl}/api/user/delete`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(login.body.access_token)}` },
      body: JSON.stringify({ email: nfd, confirmation: 'DELETE' }),
    });
    expect(res.status).toBe(200);
    expect(await rowsFor(nfc, nfd)).toHaveLength(0);
  });
});

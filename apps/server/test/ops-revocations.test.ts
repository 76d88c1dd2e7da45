import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { loadConfig } from '@/env';
import { manualClock } from '@/lib/clock';
import { openTestDatabase, startTestApp, type TestApp } from './helper';
import { createVerifiedUser } from './users';

const verify = (t: { baseUrl: string }, token: string) =>
  fetch(`${t.baseUrl}/api/v1/auth/verify`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
const logout = (t: { baseUrl: string }, token: string) =>
  fetch(`${t.baseUrl}/api/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

describe('revocations outlive a restart', () => {
  it('a logged-out access token stays refused after a graceful restart on the same database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-restart-'));
    // PGlite in DATA_DIR (or a fresh PostgreSQL database with TEST_DATABASE_URL): both outlive the app.
    const pg = process.env.TEST_DATABASE_URL ? await openTestDatabase(dataDir) : undefined;
    if (pg) await pg.database.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      LOCAL_MODEL: 'off',
      TRUST_PROXY: '127.0.0.1',
      ...(pg?.url ? { DATABASE_URL: pg.url } : {}),
    });
    const boot = async () => {
      const app = await buildApp({ config });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return { app, config, dataDir, baseUrl: `http://127.0.0.1:${port}` } as unknown as TestApp;
    };
    let t = await boot();
    const out = await createVerifiedUser(t);
    const stay = await createVerifiedUser(t);
    expect(await logout(t, out.accessToken)).toBe(200);
    expect(await verify(t, out.accessToken)).toBe(401);
    await t.app.close();

    t = await boot();
    try {
      expect(await verify(t, out.accessToken)).toBe(401);
      expect(await verify(t, stay.accessToken)).toBe(200);
    } finally {
      await t.app.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('revocations last as long as the access tokens', () => {
  it('with ACCESS_TOKEN_TTL_SECONDS=3600 a logged-out token is still refused 20 minutes later', async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const t = await startTestApp({ ACCESS_TOKEN_TTL_SECONDS: '3600' }, { clock });
    try {
      const user = await createVerifiedUser(t);
      expect(await logout(t, user.accessToken)).toBe(200);
      clock.advance(20 * 60_000);
      expect(await verify(t, user.accessToken)).toBe(401);
      clock.advance(41 * 60_000);
      // Past the token's own life it is refused as expired.
      expect(await verify(t, user.accessToken)).toBe(401);
    } finally {
      await t.close();
    }
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { fakeModelsFile } from '@sangam/test-fakes/fake-llm';
import { freePort } from './ports';
import { type E2EUser, newUser } from './users';

export type OwnServer = { url: string; dataDir: string; stop: () => Promise<void> };

/**
 * A server of a spec's own (the built one, on the shared fake models), for settings the shared
 * server must not have, such as the free plan's real allowance.
 */
export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sangam-e2e-${name}-`));
  const modelsFile = path.join(dataDir, 'models.json');
  fs.writeFileSync(modelsFile, fakeModelsFile(process.env.E2E_FAKE_LLM_URL ?? '', { timeoutMs: 8000 }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOCAL_MODEL: 'off',
      TRUST_PROXY: '127.0.0.1,::1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      MODELS_FILE: modelsFile,
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${name} server did not start`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up and verifies a user on an own server, reading the code from its outbox. */
export async function createOwnUser(request: APIRequestContext, server: OwnServer): Promise<E2EUser> {
  const user = newUser();
  expect((await request.post('/api/v1/signup', { data: user })).status()).toBe(201);
  const dir = path.join(server.dataDir, 'outbox');
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i += 1) {
    const mails = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    for (const f of mails) {
      try {
        const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string };
        if (mail.to === user.email.toLowerCase()) code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? code;
      } catch {
        // a mail still being written
      }
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no code mailed to ${user.email}`);
  expect((await request.post('/api/v1/signup/otp_verify', { data: { email: user.email, code } })).status()).toBe(200);
  return user;
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { manualClock } from '@/lib/clock';
import { createUsageMeter, STALE_RESERVATION_MS } from '@/modules/usage/usage-meter';
import { freePort, openTestDatabase, type TestApp } from './helper';
import { createVerifiedUser } from './users';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let fake: FakeLlm | undefined;
let child: ChildProcess | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await fake?.close();
});

/**
 * The real server in its own process, on the given database. Node itself runs the sources with tsx as
 * a loader, so SIGKILL reaches the server (tsx's command line would run it in a child that survives).
 */
async function startServer(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/server.ts')], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      LOCAL_MODEL: 'off',
      TRUST_PROXY: '127.0.0.1,::1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What the server logs (warnings and errors) or prints when it crashes goes into a failure's message.
  const said: string[] = [];
  for (const stream of [proc.stdout, proc.stderr]) stream?.on('data', (chunk: Buffer) => said.push(String(chunk)));
  const url = `http://127.0.0.1:${env.PORT}`;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    if (proc.exitCode !== null) throw new Error(`the server exited: ${said.join('').slice(-2000)}`);
    if (
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { proc, url, said };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`the server did not start in 90 s: ${said.join('').slice(-2000)}`);
}

describe('usage after a crash', () => {
  it('counts every answered request when the server is killed with SIGKILL right after answering', async () => {
    fake = await startFakeLlm();
    for (const model of ['alpha', 'beta', 'gamma', 'fusion']) fake.behave(model, { delayMs: 100 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-crash-'));
    const modelsFile = path.join(dataDir, 'models.json');
    fs.writeFileSync(modelsFile, fakeModelsFile(fake.url));
    const { database: setup, url: databaseUrl, drop } = await openTestDatabase(dataDir);
    await setup.close();
    const port = String(await freePort());
    const env = {
      PORT: port,
      DATA_DIR: dataDir,
      MODELS_FILE: modelsFile,
      JWT_SECRET: 'crash-test-secret-0123456789abcdef0123',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const server = await startServer(env);
    child = server.proc;
    const user = await createVerifiedUser({ baseUrl: server.url, dataDir } as TestApp);

    // Answers in waves of four (the cap in flight); SIGKILL the moment the eighth answer arrives.
    let answered = 0;
    let killed = false;
    const statuses: string[] = [];
    const ask = async (i: number) => {
      const form = new FormData();
      form.append('Prompt', `crash question ${i}`);
      form.append('Chat_Id', 'chat1');
      form.append('Request_Id', `req_${i}`);
      const res = await fetch(`${server.url}/ai/v1/agent/GenerateAnswer`, {
        method: 'POST',
        headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${user.accessToken}` },
        body: form,
        signal: AbortSignal.timeout(15_000),
      }).catch((error: Error) => (killed ? undefined : error));
      if (!killed) statuses.push(res instanceof Error ? res.name : String(res?.status));
      if (res instanceof Error || res?.status !== 200 || killed) return;
      answered += 1;
      if (answered === 8) {
        killed = true;
        server.proc.kill('SIGKILL');
      }
    };
    for (let wave = 0; !killed && wave < 10; wave += 1) await Promise.all([0, 1, 2, 3].map((j) => ask(wave * 4 + j)));
    // Fewer than eight answers in ten waves: the server is stopped all the same, and the statuses say why.
    if (!killed) server.proc.kill('SIGKILL');
    await new Promise<void>((resolve) => (server.proc.exitCode !== null ? resolve() : server.proc.once('exit', () => resolve())));
    const failed = answered === 8 ? {} : { statuses, said: server.said.join('').slice(-2000) };
    expect({ answered, ...failed }).toEqual({ answered: 8 });

    // Started again, the server writes the reservations its killed process journaled (PGlite), then stops.
    const again = await startServer(env);
    child = again.proc;
    again.proc.kill('SIGTERM');
    await new Promise<void>((resolve) => (again.proc.exitCode !== null ? resolve() : again.proc.once('exit', () => resolve())));
    expect(again.proc.exitCode).toBe(0);
    const journal = path.join(dataDir, 'reservations.journal');
    if (!databaseUrl) expect(fs.statSync(journal).size).toBe(0);

    // Reopened later (past any answer's lifetime): settled answers and left reservations are all counted.
    const database = await openDatabase({ url: databaseUrl, dataDir });
    try {
      const clock = manualClock(Date.now() + STALE_RESERVATION_MS + 1000);
      const meter = createUsageMeter({ db: database.db, clock, freeTokens: 50_000, log: console as never });
      const usage = await meter.read(user.id, clock.now());
      expect(usage.requests).toBeGreaterThanOrEqual(answered);
      expect(usage.tokens).toBeGreaterThan(0);
    } finally {
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

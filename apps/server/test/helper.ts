import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '@/app';
import { type Db, openDatabase } from '@/db/client';
import { type Config, loadConfig } from '@/env';
import { type Clock, type ManualClock, manualClock } from '@/lib/clock';

export type TestApp = { app: FastifyInstance; config: Config; db: Db; dataDir: string; baseUrl: string; close: () => Promise<void> };

/**
 * A fresh database for one test file: PGlite in memory, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (dropped afterwards), so the same tests prove both.
 */
export async function openTestDatabase(dataDir: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ dataDir: 'memory://' }), url: undefined, drop: async () => {} };
  const name = `sangam_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir });
  const drop = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { database, url: url.toString(), drop };
}

/** Writes `contents` as models.json in a new temporary folder and returns its path (for MODELS_FILE). */
export function writeModelsFile(contents: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-models-')), 'models.json');
  fs.writeFileSync(file, contents);
  return file;
}

/** A log stream that keeps every line the app logs in `lines` (for the `logStream` of startTestApp). */
export const logStreamInto = (lines: string[]) =>
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });

/** A port nothing on this machine listens on now (the system picks it): for a child process, or a host that refuses. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The configuration of a test app: quiet, on a random port, no local model, trusting the loopback proxy. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    LOCAL_MODEL: 'off',
    TRUST_PROXY: '127.0.0.1,::1',
    ...env,
  });
}

/** Starts the app on a free port of 127.0.0.1 and returns its base URL. */
export async function listenOnLocalhost(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Boots the whole app on a fresh database and a real HTTP port on 127.0.0.1. */
export async function startTestApp(
  env: Record<string, string> = {},
  { clock, database: shared, logStream }: { clock?: Clock; database?: string; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-test-'));
  const { database, url, drop } = shared
    ? { database: await openDatabase({ url: shared, dataDir }), url: shared, drop: async () => {} }
    : await openTestDatabase(dataDir);
  const config = testConfig(dataDir, { ...(url ? { DATABASE_URL: url } : {}), ...env });
  const app = await buildApp({ config, database, clock, logStream });
  return {
    app,
    config,
    db: database.db,
    dataDir,
    baseUrl: await listenOnLocalhost(app),
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app for a test file on a manual clock that starts at `startMs`, closed after it. */
export function useAppOnClock(startMs: number, onReady: (app: TestApp, clock: ManualClock) => void) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    const clock = manualClock(startMs);
    app = await startTestApp({}, { clock });
    onReady(app, clock);
  });
  afterAll(async () => {
    await app?.close();
  });
}

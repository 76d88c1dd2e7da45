import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { openDatabase } from '@/db/client';
import { loadConfig } from '@/env';

/** A non-loopback address of this machine, if it has one. */
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

let app: FastifyInstance;
let dataDir: string;
let port: number;
const logs: string[] = [];
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-outbox-'));
  // The default start: no NODE_ENV, no SMTP_URL.
  const config = loadConfig({ DATA_DIR: dataDir, LOCAL_MODEL: 'off', LOG_LEVEL: 'info', HOST: '0.0.0.0' });
  const logStream = new Writable({
    write(chunk, _e, done) {
      logs.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database: await openDatabase({ dataDir: 'memory://' }), logStream });
  await app.listen({ port: 0, host: '0.0.0.0' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const linkFile = () => path.join(dataDir, 'outbox-link.txt');
const key = () => new URL(fs.readFileSync(linkFile(), 'utf8').trim()).searchParams.get('key') ?? '';
const page = async (host: string, query: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`http://${host}:${port}/dev/outbox${query}`, { headers });
  return { status: res.status, text: await res.text() };
};

describe('the outbox viewer of a default start', () => {
  it('gives its owner a link, kept in a file only they can read and never in the log', async () => {
    expect(fs.statSync(linkFile()).mode & 0o777).toBe(0o600);
    expect(key()).toMatch(/^[\w-]{32}$/);
    const ok = await page('127.0.0.1', `?key=${key()}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Outbox (');
    expect(logs.join('')).toContain('outbox-link.txt');
    expect(logs.join('')).not.toContain(key());
  });

  it('refuses the viewer without the key, with a wrong key, and through a proxy', async () => {
    for (const q of ['', '?key=', `?key=${'x'.repeat(32)}`, `?key=${key()}x`]) {
      const r = await page('127.0.0.1', q);
      expect(r.status, q).toBe(404);
      expect(r.text).not.toContain('Outbox (');
    }
    // A reverse proxy on this host connects from loopback too: a forwarded request is refused.
    expect((await page('127.0.0.1', `?key=${key()}`, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await page('127.0.0.1', `?key=${key()}`, { forwarded: 'for=203.0.113.9' })).status).toBe(404);
  });

  it.skipIf(!external)('refuses the viewer, key included, from a non-loopback address', async () => {
    const r = await page(String(external), `?key=${key()}`);
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('Outbox (');
  });

  it('does not exist with SMTP configured or in production', async () => {
    for (const env of [{ SMTP_URL: 'smtp://127.0.0.1:1' }, { NODE_ENV: 'production' }]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-outbox-'));
      const other = await buildApp({
        config: loadConfig({ DATA_DIR: dir, LOCAL_MODEL: 'off', LOG_LEVEL: 'silent', ...env }),
        database: await openDatabase({ dataDir: 'memory://' }),
      });
      await other.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${(other.server.address() as { port: number }).port}/dev/outbox`);
      expect(await res.text()).not.toContain('Outbox (');
      expect(fs.existsSync(path.join(dir, 'outbox-link.txt'))).toBe(false);
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

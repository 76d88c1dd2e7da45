import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { openDatabase } from '@/db/client';
import { loadConfig } from '@/env';
import { AppError } from '@/errors';

async function appWithRoutes() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-err-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOCAL_MODEL: 'off' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({ config, database });
  app.get('/api/test/crash', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  app.get('/api/test/app-error', async () => {
    throw new AppError('RATE_LIMITED', { headers: { 'retry-after': '30' } });
  });
  app.post('/api/test/echo', async (request) => ({ got: request.body }));
  app.get('/api/test/slow', async () => {
    await new Promise((r) => setTimeout(r, 400));
    return { finished: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

describe('error handler', () => {
  it('never leaks the internals of a 5xx', async () => {
    const { app, baseUrl } = await appWithRoutes();
    const res = await fetch(`${baseUrl}/api/test/crash`);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toEqual({ code: 'INTERNAL', detail: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });

  it('turns an AppError into { code, detail } with its status and headers', async () => {
    const { app, baseUrl } = await appWithRoutes();
    const res = await fetch(`${baseUrl}/api/test/app-error`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMITED');
    await app.close();
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const { app, baseUrl } = await appWithRoutes();
    const res = await fetch(`${baseUrl}/api/test/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; detail: string };
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.detail).toMatch(/json/i);
    await app.close();
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests and then refuses new connections', async () => {
    const { app, baseUrl } = await appWithRoutes();
    const inFlight = fetch(`${baseUrl}/api/test/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    expect(await inFlight).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
  });
});

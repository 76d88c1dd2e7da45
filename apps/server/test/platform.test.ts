import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/env';
import { startTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await fetch(`${t.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database is reachable', async () => {
    const res = await fetch(`${t.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ready');
  });

  it('answers unknown /api and /ai paths with 404 JSON', async () => {
    for (const url of ['/api/nope', '/api/v1/unknown', '/ai/v1/agent/Nope', '/ai']) {
      const res = await fetch(`${t.baseUrl}${url}`, { method: 'POST' });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { code: string; detail: string };
      expect(body.code).toBe('NOT_FOUND');
      expect(typeof body.detail).toBe('string');
    }
  });

  it('sends a strict Content-Security-Policy and a request id', async () => {
    const res = await fetch(`${t.baseUrl}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('configuration', () => {
  it('names every wrong value in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://nope' })).toThrowError(
      /PORT="abc"[\s\S]*DATABASE_URL="mysql:\/\/x"[\s\S]*REDIS_URL="http:\/\/nope"/,
    );
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.dataDir.endsWith('data')).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });
});

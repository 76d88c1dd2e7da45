import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiErrorSchema, openAiErrorSchema, ROUTES } from '@sangam/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '@/plugins/error-handler';
import { startTestApp, type TestApp } from './helper';
import type { RecordedRoute } from './route-table';

/**
 * Issue 23: every route declares its request and response schemas, and they are the entry of the one
 * route table (ROUTES of @sangam/contracts). Read from Fastify's own route table, so a new route
 * without a contract fails here.
 */
const routes = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) => (await import('./route-table')).recordingFastify(await importOriginal(), routes));

let t: TestApp;
let emptyDist = '';
/** The app's own routes: HEAD copies of GET routes aside, and no web build (its files are static routes). */
let table: RecordedRoute[] = [];
beforeAll(async () => {
  emptyDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-no-web-'));
  routes.length = 0;
  t = await startTestApp({ WEB_DIST_DIR: emptyDist });
  table = routes.filter((r) => r.method !== 'HEAD');
}, 180_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(emptyDist, { recursive: true, force: true });
});

const keyOf = (r: RecordedRoute) => `${r.method} ${r.url}`;

describe('the route table', () => {
  it('every registered route is declared with its entry of ROUTES', () => {
    expect(table.length).toBeGreaterThan(40);
    for (const route of table) {
      const key = keyOf(route);
      expect(Object.keys(ROUTES), `${key} has no entry in ROUTES`).toContain(key);
      expect(route.schema, `${key} is not declared with ROUTES['${key}']`).toBe(ROUTES[key as keyof typeof ROUTES]);
    }
  });

  it('every route declares the schema of its success status and { code, detail } for its errors', () => {
    for (const route of table) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const statuses = Object.keys(response).map(Number);
      expect(
        statuses.some((s) => s >= 200 && s < 300),
        `${keyOf(route)} declares no success response`,
      ).toBe(true);
      const errors = statuses.filter((s) => s >= 400);
      expect(errors, `${keyOf(route)} declares no error response`).toContain(500);
      // Under /v1 errors are in OpenAI's envelope (what OpenAI clients parse); everywhere else { code, detail }.
      const errorSchema = route.url.startsWith('/v1/') ? openAiErrorSchema : apiErrorSchema;
      for (const status of errors) expect(response[status], `${keyOf(route)} ${status}`).toBe(errorSchema);
    }
  });

  it('every entry of ROUTES belongs to a registered route', () => {
    const registered = new Set(table.map(keyOf));
    for (const key of Object.keys(ROUTES)) expect(registered, `${key} is in ROUTES but not registered`).toContain(key);
  });
});

describe('schemas at the edge', () => {
  /** A small app with the same compilers and error handler as buildApp. */
  async function contractApp() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    app.post(
      '/echo',
      { schema: { body: z.object({ name: z.string().min(3, 'Name is too short') }), response: { 200: z.object({ name: z.string() }) } } },
      async (request) => ({ name: request.body.name, secret: 'never sent' }),
    );
    const broken = { schema: { response: { 200: z.object({ count: z.number() }) } } };
    app.get('/broken', broken, async () => JSON.parse('{"count":"many"}') as { count: number });
    return app;
  }

  it('a body refused by its schema is 400 VALIDATION_FAILED with the first message and one per field', async () => {
    const app = await contractApp();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'ab' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', detail: 'Name is too short', fields: { name: 'Name is too short' } });
    const none = await app.inject({ method: 'POST', url: '/echo' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { body: expect.any(String) } });
    await app.close();
  });

  it('a response sends only its contract’s fields, and one that breaks its contract is a 500 without the bad body', async () => {
    const app = await contractApp();
    const ok = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Asha' } });
    expect(ok.json()).toEqual({ name: 'Asha' });
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ code: 'INTERNAL', detail: expect.any(String) });
    expect(apiErrorSchema.safeParse(broken.json()).success).toBe(true);
    await app.close();
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@/db/schema';
import { createAccessTokens } from '@/lib/access-tokens';
import { loadJwtSecret } from '@/lib/secrets';
import { type EngineTest, startEngineTest } from './engine-helper';
import {
  accept,
  apiKey,
  bodiesFor,
  type Case,
  ENCODINGS,
  type Encoding,
  encode,
  pathParam,
  query,
  TEMPLATES,
  token,
} from './route-fuzz-inputs';
import type { RecordedRoute } from './route-table';
import { createVerifiedUser, randomIp } from './users';

/**
 * Every route of the app, read from Fastify's own route table: the factory is wrapped so that an
 * onRoute hook is in place before buildApp registers anything. A new route is fuzzed without editing
 * this file.
 */
const routes = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) => (await import('./route-table')).recordingFastify(await importOriginal(), routes));

/** Cases in total over every route (each route gets its share). */
const TOTAL_CASES = 10_000;

let e: EngineTest;
let ghostId = '';
let mint: ReturnType<typeof createAccessTokens>;
/** A fresh, validly signed access token of the deleted user (a fuzzed logout may revoke any one token). */
const ghostToken = () => mint.sign({ userId: ghostId, familyId: randomUUID() });
let table: Array<{ method: string; url: string }> = [];
/**
 * The user's session: the access token of a real login, until a fuzzed logout revokes its family; then a
 * token signed like the login's for a new family (what a second login would give, without Argon2).
 */
let session = '';
const newSession = async () => {
  session = await mint.sign({ userId: e.user.id, familyId: randomUUID() });
};

beforeAll(async () => {
  e = await startEngineTest({ timeoutMs: 2000 });
  session = e.user.accessToken;
  // A user deleted while its access token still verifies (issue 11, item 10).
  const ghost = await createVerifiedUser(e.t);
  await e.t.db.delete(users).where(eq(users.id, ghost.id));
  ghostId = ghost.id;
  mint = createAccessTokens(loadJwtSecret(e.t.config));
  const seen = new Set<string>();
  table = routes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}, 120_000);
afterAll(async () => {
  await e.close();
});

/** The route's URL with each `:param` (and a `*` wildcard) replaced by a fuzzed value. */
function fillUrl(url: string, params: string[]) {
  let i = 0;
  const filled = url.replace(/:[A-Za-z_]+|\*/g, () => encodeURIComponent(params[i++ % params.length] ?? ''));
  return filled;
}

describe('every route of the app under random input never answers 5xx', () => {
  it('a session signed like a login’s is accepted (the fuzz uses one after a fuzzed logout)', async () => {
    await newSession();
    const res = await e.t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${session}` } });
    expect(res.statusCode).toBe(200);
    session = e.user.accessToken;
  });

  it('the route table holds the app’s routes', () => {
    const urls = table.map((r) => `${r.method} ${r.url}`);
    for (const known of ['POST /api/v1/login', 'PATCH /api/v1/chats/:chatId', 'POST /ai/v1/agent/GenerateAnswer', 'GET /healthz']) {
      expect(urls).toContain(known);
    }
  });

  it(`${TOTAL_CASES} cases shared over every route: no 5xx`, async () => {
    const started = performance.now();
    const perRoute = Math.floor(TOTAL_CASES / table.length);
    let cases = 0;
    let signIns = 0;
    const statuses: Record<string, number> = {};
    const send = async (route: { method: string; url: string }, c: Case) => {
      const bearer =
        c.token === 'valid' ? session : c.token === 'ghost' ? await ghostToken() : c.token === 'garbage' ? 'eyJhbGciOiJub25lIn0.e30.' : '';
      const headers: Record<string, string> = { 'x-forwarded-for': randomIp() };
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      if (c.apiKey) headers['x-api-key'] = c.apiKey;
      if (c.accept) headers.accept = c.accept;
      const hasBody = !['GET', 'HEAD'].includes(route.method) && c.body !== undefined;
      if (hasBody && c.body) headers['content-type'] = c.body.contentType;
      const options: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: fillUrl(route.url, c.params) + c.query,
        headers,
        ...(hasBody && c.body ? { payload: c.body.payload } : {}),
      };
      const res = await e.t.app.inject(options);
      const bucket = `${Math.floor(res.statusCode / 100)}xx`;
      statuses[bucket] = (statuses[bucket] ?? 0) + 1;
      expect(res.statusCode, `${route.method} ${options.url} ${c.token} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
      // A fuzzed logout may have ended the session: sign in again for the next case.
      // A HEAD answer has no body to read the code from: a 401 there also means the session ended.
      const ended = res.statusCode === 401 && (route.method === 'HEAD' || res.json().code === 'TOKEN_INVALID');
      if (c.token === 'valid' && ended) {
        signIns += 1;
        await newSession();
      }
      return res;
    };
    for (const [index, route] of table.entries()) {
      // Which templates, in which encoding, get past this route's validation (they are fuzzed most).
      const accepted: Array<{ template: Record<string, unknown>; encoding: Encoding }> = [];
      if (!['GET', 'HEAD'].includes(route.method)) {
        for (const template of TEMPLATES) {
          for (const encoding of ENCODINGS) {
            const probe: Case = {
              body: encode(encoding, template),
              params: [randomUUID()],
              query: '',
              token: 'valid',
              apiKey: 'sangam-web',
              accept: undefined,
            };
            const res = await send(route, probe);
            if (![400, 404, 415, 422].includes(res.statusCode)) accepted.push({ template, encoding });
          }
        }
      }
      const numRuns = perRoute + (index < TOTAL_CASES - perRoute * table.length ? 1 : 0);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            body: bodiesFor(accepted),
            params: fc.array(pathParam, { minLength: 1, maxLength: 3 }),
            query,
            token,
            apiKey,
            accept,
          }),
          async (c) => {
            cases += 1;
            await send(route, c);
          },
        ),
        { numRuns },
      );
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `route fuzz: ${cases} cases over ${table.length} routes in ${seconds.toFixed(1)} s (${signIns} new sessions after a fuzzed logout); ` +
        `statuses ${JSON.stringify(statuses)}\n`,
    );
    expect(cases).toBeGreaterThanOrEqual(TOTAL_CASES);
  }, 300_000);
});

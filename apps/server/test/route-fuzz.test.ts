import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@/db/schema';
import { createAccessTokens } from '@/lib/access-tokens';
import { loadJwtSecret } from '@/lib/secrets';
import { type EngineTest, startEngineTest } from './engine-helper';
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

// ---- arbitraries: what a hostile or broken client sends ----------------------------------------------
const FIELD_NAMES = [
  'email',
  'username',
  'password',
  'name',
  'code',
  'confirm',
  'reset_token',
  'new_password',
  'confirm_password',
  'refresh_token',
  'reason',
  'feedback',
  'firstName',
  'lastName',
  'confirmation',
  'title',
  'mode',
  'originalPrompt',
  'createdAt',
  'updatedAt',
  'messages',
  'role',
  'content',
  'modelId',
  'timestamp',
  'Prompt',
  'Chat_Id',
  'Request_Id',
  'Mode',
  'History',
  '__proto__',
  'constructor',
];
const trickyString = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b@example.com',
    'jose\u0301@example.com',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil',
    '\u200B',
    '\uFEFF',
    '💥'.repeat(40),
    `a@${'.'.repeat(3000)}@`,
    '.'.repeat(5000),
    'x'.repeat(70_000),
    'DELETE',
    'sangam',
    'universe',
    'user',
    'assistant',
    'other',
    'Str0ng!pass',
    '123456',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    'null',
    '[]',
    '{}',
  ),
);
const trickyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(9007199254740991, -9007199254740991, 8.64e15, 8.64e15 + 1, 1e308, -1e308, 0, -0, 2 ** 31, 2 ** 53 + 2),
);
const leaf = fc.oneof(trickyString, trickyNumber, fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), tie('node'), { maxKeys: 5 }),
  ),
})).node;
const message = fc.record(
  { role: fc.oneof(fc.constantFrom('user', 'assistant'), trickyString), content: leaf, modelId: leaf, timestamp: trickyNumber },
  { requiredKeys: [] },
);
/**
 * Valid bodies of the app's endpoints. Any route may get any of them, each field kept, dropped or
 * replaced by a hostile value: near-valid bodies reach the code behind the validation.
 */
const now = Date.now();
const TEMPLATES: Array<Record<string, unknown>> = [
  { username: 'fuzz@example.com', password: 'Str0ng!pass' },
  { name: 'Asha Rao', username: 'fuzzer', email: 'fuzz@example.com', password: 'Str0ng!pass' },
  { email: 'fuzz@example.com', code: '123456' },
  { email: 'fuzz@example.com' },
  { email: 'fuzz@example.com', code: '123456', password: 'N3w!password', confirm: 'N3w!password' },
  { email: 'fuzz@example.com', reset_token: '123456', new_password: 'N3w!password', confirm_password: 'N3w!password' },
  { refresh_token: 'r'.repeat(43) },
  { password: 'Wr0ng!pass', reason: 'other', feedback: 'bye' },
  { firstName: 'Asha', lastName: 'Rao', name: 'Asha Rao' },
  { email: 'other@example.com', confirmation: 'DELETE' },
  { title: 'Dharma' },
  {
    title: 'Dharma',
    mode: 'sangam',
    originalPrompt: 'What is dharma?',
    createdAt: now,
    updatedAt: now,
    messages: [
      { role: 'user', content: 'What is dharma?', timestamp: now },
      { role: 'assistant', content: 'Dharma is…', modelId: 'sangam', timestamp: now + 1 },
    ],
  },
  { Prompt: 'What is dharma?', Chat_Id: 'chat1', Request_Id: 'req1', Mode: 'sangam' },
];
const hostile = fc.oneof(leaf, value);
/** Fragments that databases, parsers and normalisers trip over, put inside an otherwise valid value. */
const FRAGMENTS = [
  '\u0000',
  '\u0000',
  '\uD800',
  '\uDC00',
  '\u202E',
  '\u0301',
  '\u200B',
  '💥',
  '%00',
  "'",
  '"',
  '\\',
  '\r\n',
  '.'.repeat(300),
];
/** Numbers at the edges of JavaScript dates, safe integers and PostgreSQL columns. */
const EDGE_NUMBERS = [9007199254740991, 2 ** 53 + 2, 8.64e15, 8.64e15 + 1, 253402300800000, 2 ** 31, -1, 0, 1.5, 1e21, Number.MIN_VALUE];
/** A scalar tweaked a little: a fragment inserted into a string, an edge number, a change of type. */
const tweak = (original: unknown): fc.Arbitrary<unknown> =>
  typeof original === 'string'
    ? fc
        .tuple(fc.constantFrom(...FRAGMENTS), fc.nat({ max: original.length }), fc.boolean())
        .map(([fragment, at, replace]) => (replace ? fragment : original.slice(0, at) + fragment + original.slice(at)))
    : typeof original === 'number'
      ? fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.constant(String(original)))
      : hostile;
/** A value of a template changed: tweaked, replaced by something hostile, or dropped (undefined). */
const change = (original: unknown): fc.Arbitrary<unknown> =>
  Array.isArray(original)
    ? fc.oneof(
        { weight: 6, arbitrary: fc.tuple(...original.map((item) => mutateValue(item))) },
        { weight: 1, arbitrary: fc.array(fc.oneof(...original.map((item) => mutateValue(item)), message), { maxLength: 4 }) },
        { weight: 1, arbitrary: hostile },
      )
    : original && typeof original === 'object'
      ? mutateObject(original as Record<string, unknown>)
      : fc.oneof(
          { weight: 6, arbitrary: tweak(original) },
          { weight: 2, arbitrary: hostile },
          { weight: 1, arbitrary: fc.constant(undefined) },
        );
/** Objects are always walked into; a scalar stays as it is unless chosen. */
const mutateValue = (original: unknown): fc.Arbitrary<unknown> =>
  original && typeof original === 'object' && !Array.isArray(original)
    ? mutateObject(original as Record<string, unknown>)
    : fc.oneof({ weight: 2, arbitrary: fc.constant(original) }, { weight: 1, arbitrary: change(original) });
/**
 * A template with one or two of its fields changed (nested messages included), the rest left valid, and
 * now and then one extra field: most of these pass the other checks and test the changed field alone.
 */
const mutateObject = (template: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> => {
  const keys = Object.keys(template);
  return fc
    .tuple(
      fc.subarray(keys, { minLength: Math.min(1, keys.length), maxLength: Math.min(2, keys.length) }),
      fc.record(Object.fromEntries(keys.map((k) => [k, change(template[k])]))),
      fc.option(fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostile, { maxKeys: 1 }), { freq: 5 }),
    )
    .map(([chosen, changed, extra]) => {
      const out: Record<string, unknown> = { ...(extra ?? {}) };
      for (const k of keys) {
        const v = chosen.includes(k) ? changed[k] : template[k];
        if (v !== undefined) out[k] = v;
      }
      return out;
    });
};
/** Any object with the app's field names and hostile values, or any value at all. */
const anyObject = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(leaf, value, fc.array(message, { maxLength: 3 })), { maxKeys: 8 }),
  },
  { weight: 1, arbitrary: value },
);

type Encoding = 'json' | 'form' | 'multipart';
type Body = { contentType: string; payload: string } | undefined;
const asText = (v: unknown) => (typeof v === 'string' ? v : String(JSON.stringify(v)));
function encode(encoding: Encoding, v: unknown): Body {
  if (encoding === 'json') return { contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' };
  const entries = v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [['value', v]];
  if (encoding === 'form') {
    return {
      contentType: 'application/x-www-form-urlencoded',
      payload: new URLSearchParams(entries.map(([k, s]): [string, string] => [String(k), asText(s)])).toString(),
    };
  }
  const parts = entries.map(([k, s]) => `--b0und\r\ncontent-disposition: form-data; name="${String(k)}"\r\n\r\n${asText(s)}\r\n`);
  return { contentType: 'multipart/form-data; boundary=b0und', payload: `${parts.join('')}--b0und--\r\n` };
}
const ENCODINGS: Encoding[] = ['json', 'form', 'multipart'];
const brokenBody = fc.record({
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/octet-stream',
    'multipart/form-data',
    'application/json; charset=latin1',
  ),
  payload: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('{', '{"a":', 'nul', '\u0000', '[1,2', '"\\ud800"')),
});

/**
 * The bodies for one route: mostly mutations of the templates this route accepted when probed (so the
 * code behind its validation runs with hostile data), then hostile objects in every encoding, broken
 * bodies and no body. A route whose bodies match no template still gets all the rest.
 */
function bodiesFor(accepted: Array<{ template: Record<string, unknown>; encoding: Encoding }>): fc.Arbitrary<Body> {
  const generic = fc.oneof(
    { weight: 4, arbitrary: anyObject.map((v) => encode('json', v)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom<Encoding>('form', 'multipart'), anyObject).map(([enc, v]) => encode(enc, v)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...ENCODINGS), fc.oneof(...TEMPLATES.map(mutateObject))).map(([enc, v]) => encode(enc, v)),
    },
    { weight: 1, arbitrary: brokenBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  if (accepted.length === 0) return generic;
  const near = fc.oneof(...accepted.map(({ template, encoding }) => mutateObject(template).map((v) => encode(encoding, v))));
  return fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: generic });
}
const pathParam = fc.oneof(
  fc.uuid(),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', '..', '%00', '%', '%zz', 'a'.repeat(300), '💥', '\u0000'),
  fc.string({ maxLength: 40 }),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[]', 'limit', 'stream'), fc.string({ maxLength: 8 })),
      trickyString,
      {
        maxKeys: 4,
      },
    )
    .map((q) => `?${new URLSearchParams(q).toString()}`),
  fc.constantFrom('?%', '?%zz=1', '?a=%00', '?a&a&a', `?${'x'.repeat(5000)}`),
);
const token = fc.constantFrom<TokenKind>('valid', 'valid', 'none', 'ghost', 'garbage');
type TokenKind = 'valid' | 'none' | 'ghost' | 'garbage';
type Case = { body: Body; params: string[]; query: string; token: TokenKind; apiKey: string | undefined; accept: string | undefined };
const apiKey = fc.constantFrom('sangam-web', 'sangam-web', undefined, 'wrong');
const accept = fc.constantFrom(undefined, 'application/json', 'text/event-stream', '*/*');

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
      if (c.token === 'valid' && res.statusCode === 401 && res.json().code === 'TOKEN_INVALID') {
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

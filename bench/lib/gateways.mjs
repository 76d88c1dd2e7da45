// The three gateways of the side-by-side benchmarks, each in its own process against one mock model
// (bench/lib/mock-model.mjs): the floor (a bare node:http pass-through), Portkey's gateway, and
// Sangam (the built server, on PGlite or PostgreSQL). Each is reached with the same keep-alive
// node:http client; `call(stream)` sends one answer request through it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, randomIp, startServer } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
export const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** A node script as a child process that prints its URL on its first line. */
async function child(script, args = [], env = {}) {
  const proc = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const [line] = await once(proc.stdout, 'data');
  proc.stdout.resume();
  return { url: String(line).trim().split('\n')[0], pid: proc.pid, stop: () => proc.kill('SIGTERM') };
}

export const startMock = () => child(path.join(import.meta.dirname, 'mock-model.mjs'));

/**
 * One request; resolves with its total time and the time to the first byte containing `marker`
 * (any byte without one), rejecting on any status but 200.
 */
export function timed(url, { headers, body }, marker) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (res) => {
      let first = 0;
      res.on('data', (chunk) => {
        if (!first && (!marker || chunk.includes(marker))) first = performance.now() - t0;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve({ total: performance.now() - t0, first }) : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const completionBody = (stream) => Buffer.from(JSON.stringify({ model: 'solo', stream, messages: [{ role: 'user', content: 'hi' }] }));
const JSON_BODY = completionBody(false);
const SSE_BODY = completionBody(true);
/** A chat completion sent straight to an OpenAI-compatible base URL (the first content chunk marks SSE). */
export const completion = (base, stream, headers = {}) =>
  timed(
    `${base}/v1/chat/completions`,
    { headers: { 'content-type': 'application/json', ...headers }, body: stream ? SSE_BODY : JSON_BODY },
    stream ? '"content":"word' : undefined,
  );

/** The floor: bench/lib/pass-through.mjs in front of the mock. */
export async function startFloor(mockUrl) {
  const p = await child(path.join(import.meta.dirname, 'pass-through.mjs'), [mockUrl]);
  return { ...p, name: 'floor', call: (stream) => completion(p.url, stream) };
}

/** Portkey's open-source gateway (`@portkey-ai/gateway`), routing to the mock as a custom OpenAI host. */
export async function startPortkey(mockUrl) {
  const require = createRequire(path.join(root, 'package.json'));
  const script = path.join(path.dirname(require.resolve('@portkey-ai/gateway/package.json')), 'build/start-server.js');
  const port = await freePort();
  const proc = spawn(process.execPath, [script, `--port=${port}`, '--headless'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const headers = { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${mockUrl}/v1`, authorization: 'Bearer sk-bench' };
  return { name: 'Portkey', url, pid: proc.pid, stop: () => proc.kill('SIGTERM'), call: (stream) => completion(url, stream, headers) };
}

/** A fresh PostgreSQL database on the machine's server (BENCH_PG_URL, default 127.0.0.1:5432). */
export async function freshPostgres() {
  const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import(createRequire(path.join(root, 'apps/server/package.json')).resolve('pg'));
  const name = `sangam_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: String(url),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const BOUNDARY = 'sangam-bench-boundary';
const form = (chatId) =>
  Buffer.from(
    `${Object.entries({ Prompt: 'hi', Chat_Id: chatId, Request_Id: `req_${Math.random().toString(36).slice(2)}` })
      .map(([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')}--${BOUNDARY}--\r\n`,
  );
const KEPT_NOWHERE = form('bench');

/** Signs up, verifies and logs in `count` users (each from its own address); returns their access tokens. */
async function tokens(url, dataDir, count) {
  const out = [];
  // Eight at a time: each signs up and logs in (two password hashes).
  for (let from = 0; from < count; from += 8)
    out.push(...(await Promise.all(Array.from({ length: Math.min(8, count - from) }, (_, k) => oneToken(url, dataDir, from + k)))));
  return out;
}

async function oneToken(url, dataDir, i) {
  const ip = randomIp();
  const tag = `${i}${Math.random().toString(36).slice(2, 8)}`;
  const user = { name: 'Bench User', username: `bench${tag}`, email: `bench${tag}@example.com`, password: 'Str0ng!pass' };
  const post = (p, body, type = 'application/json') =>
    fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': type, 'x-forwarded-for': ip }, body });
  // A busy server may refuse a sign-up for a moment (password hashing is bounded): retry.
  for (let t = 0; t < 20; t += 1) {
    const signup = await post('/api/v1/signup', JSON.stringify(user));
    if (signup.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  let code;
  for (let t = 0; t < 2400 && !code; t += 1) {
    for (const f of fs.existsSync(`${dataDir}/outbox`) ? fs.readdirSync(`${dataDir}/outbox`) : []) {
      const mail = f.endsWith('.json') ? JSON.parse(fs.readFileSync(`${dataDir}/outbox/${f}`, 'utf8')) : {};
      if (mail.to === user.email) code = mail.text.match(/\b(\d{6})\b/)?.[1];
    }
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  if (!code) throw new Error(`bench user ${i}: no sign-up code was mailed`);
  await post('/api/v1/signup/otp_verify', JSON.stringify({ email: user.email, code }));
  // A busy server may refuse a burst of logins for a moment (password hashing is bounded): retry.
  let token;
  let last = '';
  for (let t = 0; t < 40 && !token; t += 1) {
    const login = await post(
      '/api/v1/login',
      String(new URLSearchParams({ username: user.email, password: user.password })),
      'application/x-www-form-urlencoded',
    );
    const body = await login.json().catch(() => ({}));
    token = body.access_token;
    last = `${login.status} ${body.code ?? ''}`;
    if (!token) await new Promise((r) => setTimeout(r, 300));
  }
  if (!token) throw new Error(`bench user ${i} could not log in (${last}, code ${code ? 'found' : 'missing'})`);
  return token;
}
/**
 * Sangam's built server (run `npm run build -w @sangam/server` first) with one proposer on the mock,
 * on PGlite or (`postgres`) a fresh PostgreSQL database, with `users` signed-in users.
 * `serverJs`: another build (else startServer's: BENCH_SERVER_JS, or apps/server/dist/server.js); `env`: more settings.
 * `call(stream, { chat, user })`: kept nowhere (a non-UUID Chat_Id) or, with `chat`, a new chat.
 */
export async function startSangam(mockUrl, { postgres = false, users = 64, name, serverJs, env = {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-gateways-'));
  const modelsFile = path.join(dir, 'models.json');
  fs.writeFileSync(
    modelsFile,
    JSON.stringify({
      models: [
        {
          id: 'solo',
          name: 'solo',
          provider: 'openai-compatible',
          model: 'solo',
          baseURL: `${mockUrl}/v1`,
          roles: ['proposer', 'aggregator', 'refiner'],
          timeoutMs: 30000,
        },
      ],
    }),
  );
  const db = postgres ? await freshPostgres() : undefined;
  const server = await startServer(
    {
      MODELS_FILE: modelsFile,
      FREE_PLAN_TOKENS: '1000000000',
      // One bench user may send all 64 answers at once.
      MAX_ANSWERS_PER_USER: '1000',
      ...(db ? { DATABASE_URL: db.url } : {}),
      ...env,
    },
    // `serverJs`: another build of the server (e.g. one made before a change, BENCH_BEFORE_JS).
    serverJs ? { serverJs: path.resolve(serverJs) } : {},
  );
  const auth = await tokens(server.url, server.dataDir, users).catch(async (err) => {
    await server.stop();
    await db?.drop();
    throw err;
  });
  const headersOf = (token, stream) => ({
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'x-api-key': 'sangam-web',
    authorization: `Bearer ${token}`,
    accept: stream ? 'text/event-stream' : 'application/json',
  });
  return {
    name: name ?? `Sangam ${postgres ? 'PostgreSQL' : 'PGlite'}`,
    url: server.url,
    pid: server.pid,
    users,
    call: (stream, { chat = false, user = 0 } = {}) =>
      timed(
        `${server.url}/ai/v1/agent/GenerateAnswer`,
        { headers: headersOf(auth[user % auth.length], stream), body: chat ? form(crypto.randomUUID()) : KEPT_NOWHERE },
        stream ? 'model-delta' : undefined,
      ),
    stop: async () => {
      await server.stop();
      await db?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

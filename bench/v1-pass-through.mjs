// A configured model passed through Sangam's /v1/chat/completions (issue 25), side by side in one run
// with the bare node:http floor (bench/lib/pass-through.mjs) and, when `@portkey-ai/gateway` is
// installed, Portkey's gateway, all against the same mock model and client: JSON and SSE, at
// concurrency 1 (time added to the direct call, p50/p99; SSE: to the first content chunk) and 64
// (answers per second and p50 latency), and Sangam's CPU per answer.
// Needs the built server: `npm run build -w @sangam/server && node bench/v1-pass-through.mjs`.
// BENCH_N (c=1 answers per leg, 300), BENCH_M (c=64 answers per leg, 1280).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, createUser, freePort, percentile, startServer } from './lib/server.mjs';

const N = Number(process.env.BENCH_N ?? 300);
const M = Number(process.env.BENCH_M ?? 1280);
const C = 64;
const USERS = 4;
const root = path.resolve(import.meta.dirname, '..');

// The mock model: an OpenAI-compatible answer of 40 words, whole or as 10 SSE chunks.
const REPLY = 'word '.repeat(40);
const mock = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    const usage = { prompt_tokens: 12, completion_tokens: 50, total_tokens: 62 };
    const base = { id: 'chatcmpl-mock', created: 1, model: body.model };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
          usage,
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (choices, extra = {}) => `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices, ...extra })}\n\n`;
    let out = chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    for (let i = 0; i < REPLY.length; i += 20)
      out += chunk([{ index: 0, delta: { content: REPLY.slice(i, i + 20) }, finish_reason: null }]);
    res.end(`${out}${chunk([{ index: 0, delta: {}, finish_reason: 'stop' }], { usage })}data: [DONE]\n\n`);
  });
});
mock.keepAliveTimeout = 60_000;
await new Promise((r) => mock.listen(0, '127.0.0.1', r));
const mockUrl = `http://127.0.0.1:${mock.address().port}`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
/** One chat completion; resolves with its total time and the time to its first content delta (SSE). */
function completion(baseUrl, stream, headers = {}) {
  const body = Buffer.from(JSON.stringify({ model: 'solo', stream, messages: [{ role: 'user', content: 'hi' }] }));
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      `${baseUrl}/v1/chat/completions`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers } },
      (res) => {
        let first = 0;
        res.on('data', (c) => {
          if (!first && (!stream || c.includes('"content":"word'))) first = performance.now() - t0;
        });
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ total: performance.now() - t0, first })
            : reject(new Error(`${baseUrl} answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function startFloor() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib/pass-through.mjs'), mockUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(child.stdout, 'data');
  const url = String(line).trim();
  return { name: 'floor (node:http)', pid: child.pid, stop: () => child.kill('SIGTERM'), call: (stream) => completion(url, stream) };
}

async function startPortkey() {
  let script;
  try {
    const require = createRequire(path.join(root, 'package.json'));
    script = path.join(path.dirname(require.resolve('@portkey-ai/gateway/package.json')), 'build/start-server.js');
  } catch {
    return undefined;
  }
  const port = await freePort();
  const child = spawn(process.execPath, [script, `--port=${port}`, '--headless'], {
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
  return { name: 'Portkey', pid: child.pid, stop: () => child.kill('SIGTERM'), call: (stream) => completion(url, stream, headers) };
}

async function startSangam() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-v1-bench-')), 'models.json');
  const solo = {
    id: 'solo',
    name: 'Solo',
    provider: 'openai-compatible',
    model: 'solo',
    baseURL: `${mockUrl}/v1`,
    roles: ['proposer', 'aggregator'],
    timeoutMs: 30000,
    price: { input: 100, output: 400 },
  };
  fs.writeFileSync(file, JSON.stringify({ models: [solo] }));
  const server = await startServer({
    MODELS_FILE: file,
    FREE_PLAN_TOKENS: '2000000000',
    MAX_ANSWERS_PER_USER: '1000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  gateways.push({ name: 'Sangam (starting)', pid: server.pid, stop: server.stop, starting: true });
  // A loaded machine may take longer than startServer waits: ask until the server answers.
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  // Several users' keys, as several developers would call (a key runs at most 16 requests at once).
  const keys = [];
  for (let i = 0; i < USERS; i += 1) {
    const user = await createUser(server.url, server.dataDir);
    const login = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.9.0.${i + 1}` },
      body: new URLSearchParams({ username: user.email, password: user.password }),
    });
    const { access_token: token } = await login.json();
    const created = await fetch(`${server.url}/api/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'bench', requestsPerMinute: 10000 }),
    });
    keys.push((await created.json()).secret);
  }
  let next = 0;
  return {
    name: 'Sangam /v1',
    pid: server.pid,
    stop: server.stop,
    call: (stream) => completion(server.url, stream, { authorization: `Bearer ${keys[next++ % keys.length]}` }),
  };
}

const direct = (stream) => completion(mockUrl, stream);
const fmt = (xs) => `p50 ${percentile(xs, 50).toFixed(2)} ms, p99 ${percentile(xs, 99).toFixed(2)} ms`;

/** c=1: each gateway call right after a direct one; the difference is what the gateway adds. */
async function sequential(g, stream) {
  const added = [];
  const cpu0 = cpuMs(g.pid);
  for (let i = 0; i < N; i += 1) {
    const d = await direct(stream);
    const x = await g.call(stream);
    added.push(stream ? x.first - d.first : x.total - d.total);
  }
  return { added, cpu: (cpuMs(g.pid) - cpu0) / N };
}
/** c=64: a closed loop of 64 callers for M answers. */
async function closedLoop(g, stream) {
  const times = [];
  let sent = 0;
  const t0 = performance.now();
  const cpu0 = cpuMs(g.pid);
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (sent < M) {
        sent += 1;
        const x = await g.call(stream);
        times.push(stream ? x.first : x.total);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { rate: M / seconds, p50: percentile(times, 50), cpu: (cpuMs(g.pid) - cpu0) / M };
}

const gateways = [];
const results = {};
try {
  gateways.push(await startFloor());
  const portkey = await startPortkey();
  if (portkey) gateways.push(portkey);
  else console.log('Portkey: @portkey-ai/gateway is not installed in this checkout; measuring the floor and Sangam only.');
  const sangam = await startSangam();
  gateways.splice(
    gateways.findIndex((g) => g.starting),
    1,
    sangam,
  );
  for (const g of gateways) for (const stream of [false, true]) for (let i = 0; i < 100; i += 1) await g.call(stream);
  for (const stream of [false, true]) {
    const kind = stream ? 'SSE (first content chunk)' : 'JSON';
    for (const g of gateways) {
      const one = await sequential(g, stream);
      const many = await closedLoop(g, stream);
      results[`${g.name} ${stream ? 'sse' : 'json'}`] = {
        added1: percentile(one.added, 50),
        cpu1: one.cpu,
        rate64: many.rate,
        p50_64: many.p50,
      };
      console.log(
        `${kind.padEnd(26)} ${g.name.padEnd(18)} c=1 added ${fmt(one.added)}, CPU ${one.cpu.toFixed(2)} ms/answer | c=64 ${many.rate.toFixed(0)} answers/s, p50 ${many.p50.toFixed(1)} ms, CPU ${many.cpu.toFixed(2)} ms/answer`,
      );
    }
  }
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
} finally {
  for (const g of gateways) await g.stop();
  mock.close();
  agent.destroy();
}

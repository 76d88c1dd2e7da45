// The engine's added latency against the fake upstream called directly, in the same run (needs `npm run build`):
// GenerateAnswer with one proposer at concurrency 1; time to first streamed byte at concurrency 1 and 64;
// five proposers, a judge and an aggregator (issue 22's Universe figure) against the slowest proposer, the
// judge and the aggregator called directly one after the other.
// BENCH_SERVER_JS (another build), BENCH_N (c=1 answers, 300), BENCH_UNIVERSE_N (Universe answers, 50).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { warmUp } from './lib/load.mjs';
import { cpuMs, percentile, signedInToken, startServer } from './lib/server.mjs';

const { startFakeLlm } = await import('../packages/test-fakes/src/fake-llm.ts').catch(() => {
  throw new Error('Run with: npx tsx bench/engine-overhead.mjs');
});

const fake = await startFakeLlm();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-engine-bench-'));
const model = (id, roles) => ({
  id,
  name: id,
  provider: 'openai-compatible',
  model: id,
  baseURL: `${fake.url}/v1`,
  roles,
  timeoutMs: 30000,
});
const one = path.join(dir, 'one.json');
fs.writeFileSync(one, JSON.stringify({ models: [model('solo', ['proposer', 'aggregator', 'refiner'])] }));
const five = path.join(dir, 'five.json');
fs.writeFileSync(
  five,
  JSON.stringify({
    models: [
      ...['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => model(id, ['proposer'])),
      model('judge', ['judge']),
      model('agg', ['aggregator', 'refiner']),
    ],
  }),
);

const REPLY = 'word '.repeat(40);
for (const id of ['solo', 'p1', 'p2', 'p3', 'p4', 'p5', 'judge', 'agg']) fake.behave(id, { reply: REPLY, chunkSize: 20 });
fake.behave('p5', { reply: REPLY, chunkSize: 20, delayMs: 50 });
// The judge answers what a real one does: the analysis as JSON, naming the answers by their ids.
const ANALYSIS = JSON.stringify({
  consensus: [{ text: 'All five say the same thing.', models: ['p1', 'p2', 'p3', 'p4', 'p5'] }],
  contradictions: [
    {
      topic: 'Length',
      sides: [
        { claim: 'Short.', models: ['p1'] },
        { claim: 'Long.', models: ['p2', 'p3'] },
      ],
    },
  ],
  unique: [{ text: 'Only one says this.', models: ['p4'] }],
  openQuestions: ['What was not asked?'],
});
fake.behave('judge', { reply: ANALYSIS, chunkSize: 20, delayMs: 20 });
fake.behave('agg', { reply: REPLY, chunkSize: 20, delayMs: 20 });

// Both legs use the same client (node:http with keep-alive) so that only the server's work differs;
// the multipart body is encoded once, as an efficient client would.
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
function timedRequest(url, { headers, body }, firstByteMarker) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (res) => {
      let ttfb = 0;
      res.on('data', (chunk) => {
        if (!ttfb && (!firstByteMarker || chunk.includes(firstByteMarker))) ttfb = performance.now() - t0;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve({ total: performance.now() - t0, ttfb }) : reject(new Error(`answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A chat completion against an OpenAI-compatible base URL: the fake itself, or the pass-through. */
const completion = (baseUrl, id, stream) =>
  timedRequest(`${baseUrl}/v1/chat/completions`, {
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ model: id, stream, messages: [{ role: 'user', content: 'hi' }] })),
  });
const direct = (id, stream) => completion(fake.url, id, stream);

const BOUNDARY = 'sangam-bench-boundary';
const multipart = Buffer.from(
  `${Object.entries({ Prompt: 'hi', Chat_Id: 'bench', Request_Id: 'req_bench' })
    .map(([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`,
);
const viaServer = (url, token, stream) =>
  timedRequest(
    `${url}/ai/v1/agent/GenerateAnswer`,
    {
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'x-api-key': 'sangam-web',
        authorization: `Bearer ${token}`,
        accept: stream ? 'text/event-stream' : 'application/json',
      },
      body: multipart,
    },
    stream ? 'model-delta' : undefined,
  );

async function session(modelsFile) {
  const server = await startServer({
    MODELS_FILE: modelsFile,
    FREE_PLAN_TOKENS: '1000000000',
    // One bench user sends up to 64 answers at once.
    MAX_ANSWERS_PER_USER: '1000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const token = await signedInToken(server);
  return { server, token };
}

/** The floor: a bare node:http pass-through (bench/lib/pass-through.mjs) in its own process. */
async function startPassThrough() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib/pass-through.mjs'), fake.url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(child.stdout, 'data');
  return { url: String(line).trim(), stop: () => child.kill('SIGTERM') };
}

/** This machine: the same CPU work, back to back and after the process has idled (a VM's CPU cools). */
function calibrate() {
  const text = JSON.stringify({ a: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `n${i}`, v: [1, 2, 3] })) });
  const work = () => {
    const t0 = performance.now();
    for (let i = 0; i < 20; i += 1) JSON.parse(text);
    return performance.now() - t0;
  };
  for (let i = 0; i < 2000; i += 1) work();
  return async (idleMs) => {
    const xs = [];
    for (let i = 0; i < 40; i += 1) {
      await new Promise((r) => (idleMs ? setTimeout(r, idleMs) : setImmediate(r)));
      xs.push(work());
    }
    return percentile(xs, 50) * 1000;
  };
}

const N = Number(process.env.BENCH_N ?? 300);
/** First-byte times of two calls, `c` of each at once per round, the rounds alternating between them. */
async function firstBytes(c, first, second) {
  const a = [];
  const b = [];
  for (let round = 0; round < (c === 1 ? N : 5); round += 1) {
    a.push(...(await Promise.all(Array.from({ length: c }, first))).map((x) => x.ttfb));
    b.push(...(await Promise.all(Array.from({ length: c }, second))).map((x) => x.ttfb));
  }
  return [a, b];
}
const fmt = (xs) => `p50 ${percentile(xs, 50).toFixed(2)} ms, p99 ${percentile(xs, 99).toFixed(2)} ms`;
try {
  const measure = calibrate();
  const [hot, after1, after20] = [await measure(0), await measure(1), await measure(20)];
  console.log(
    `machine: a fixed CPU task takes ${hot.toFixed(0)} µs back to back, ${after1.toFixed(0)} µs after 1 ms idle, ${after20.toFixed(0)} µs after 20 ms idle`,
  );
  const floor = await startPassThrough();
  const pf = [];
  for (let i = 0; i < N + 30; i += 1) {
    const d = (await direct('solo', false)).total;
    const f = (await completion(floor.url, 'solo', false)).total;
    if (i >= 30) pf.push(f - d);
  }
  const floorTtfb = {};
  for (const c of [1, 64]) {
    const [dT, fT] = await firstBytes(
      c,
      () => direct('solo', true),
      () => completion(floor.url, 'solo', true),
    );
    floorTtfb[c] = percentile(fT, 50) - percentile(dT, 50);
  }
  floor.stop();
  console.log(
    `floor (bare node:http pass-through): added ${fmt(pf)} at concurrency 1; first byte added p50 ${floorTtfb[1].toFixed(2)} ms at concurrency 1, ${floorTtfb[64].toFixed(2)} ms at 64`,
  );

  const a = await session(one);
  for (let i = 0; i < 30; i += 1) {
    await direct('solo', false);
    await viaServer(a.server.url, a.token, false);
  }
  const d1 = [];
  const s1 = [];
  const cpu0 = cpuMs(a.server.pid);
  for (let i = 0; i < N; i += 1) {
    d1.push((await direct('solo', false)).total);
    s1.push((await viaServer(a.server.url, a.token, false)).total);
  }
  // The server's CPU per request is steadier than wall-clock latency on a shared machine.
  const cpuPerRequest = (cpuMs(a.server.pid) - cpu0) / N;
  const added = s1.map((s, i) => s - (d1[i] ?? 0));
  console.log(`GenerateAnswer, one proposer, concurrency 1 (${N} requests): direct ${fmt(d1)}; via Sangam ${fmt(s1)}; added ${fmt(added)}`);
  console.log(`server CPU per request (user + system): ${cpuPerRequest.toFixed(2)} ms`);

  for (const c of [1, 64]) {
    const [dT, sT] = await firstBytes(
      c,
      () => direct('solo', true),
      () => viaServer(a.server.url, a.token, true),
    );
    console.log(
      `first streamed byte, concurrency ${c}: direct ${fmt(dT)}; via Sangam ${fmt(sT)}; added p50 ${(percentile(sT, 50) - percentile(dT, 50)).toFixed(2)} ms`,
    );
  }
  await a.server.stop();

  const b = await session(five);
  // Warmed up to its steady state first (V8 compiles the pipeline in the first hundred answers or so).
  await warmUp({ pid: b.server.pid }, () => viaServer(b.server.url, b.token, false), { batch: 100, c: 1, label: 'Universe' });
  const slowest = [];
  const fanOut = [];
  const total = [];
  for (let i = 0; i < Number(process.env.BENCH_UNIVERSE_N ?? 50); i += 1) {
    const p5 = (await direct('p5', false)).total;
    const judge = (await direct('judge', false)).total;
    const agg = (await direct('agg', false)).total;
    slowest.push(p5 + judge + agg);
    // The same five proposers called at once (the fake serves them one after the other), then the judge and aggregator.
    const t0 = performance.now();
    await Promise.all(['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => direct(id, false)));
    await direct('judge', false);
    await direct('agg', false);
    fanOut.push(performance.now() - t0);
    total.push((await viaServer(b.server.url, b.token, false)).total);
  }
  console.log(
    `five proposers, judge, aggregator: slowest proposer + judge + aggregator ${fmt(slowest)}; via Sangam ${fmt(total)}; added p50 ${(percentile(total, 50) - percentile(slowest, 50)).toFixed(2)} ms`,
  );
  // Context for the figure above (issue 22's goal is against the slowest proposer alone): how much of it the fake
  // model's own queueing of five requests at once accounts for.
  console.log(
    `  the five proposers called at once directly, then judge and aggregator: ${fmt(fanOut)}; Sangam adds p50 ${(percentile(total, 50) - percentile(fanOut, 50)).toFixed(2)} ms over that`,
  );
  await b.server.stop();
} finally {
  await fake.close();
}

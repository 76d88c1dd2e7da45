// A configured model passed through Sangam's /v1/chat/completions (issue 25), side by side in one run
// with the bare node:http floor and Portkey's gateway, all against the same mock model and client
// (bench/lib): JSON and SSE, at concurrency 1 (time added to the direct call, p50; SSE: to the first
// content chunk) and 64 (answers per second, first-byte p50, CPU per answer). Sangam runs twice: on
// its embedded PGlite and on the machine's PostgreSQL (a fresh database; BENCH_PG=0 leaves it out).
// Needs the built server: `npm run build -w @sangam/server && node bench/v1-pass-through.mjs`.
// BENCH_N (c=1 answers per leg, 300), BENCH_M (c=64 answers per leg, 1280), BENCH_PG_URL (the
// PostgreSQL server to create the database on), BENCH_JSON=file (also write the figures there).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completion, freshPostgres, startFloor, startMock, startPortkey } from './lib/gateways.mjs';
import { closedLoop, sequential } from './lib/load.mjs';
import { signedInToken, startServer } from './lib/server.mjs';

const N = Number(process.env.BENCH_N ?? 300);
const M = Number(process.env.BENCH_M ?? 1280);
const C = 64;
const USERS = 4;

/** Sangam with the mock as its one model, and USERS developers' keys (a key runs at most 16 requests at once). */
async function startSangamV1(mockUrl, { name = 'Sangam /v1', databaseUrl } = {}) {
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const keys = [];
  for (let i = 0; i < USERS; i += 1) {
    const token = await signedInToken(server, `10.9.0.${i + 1}`);
    const created = await fetch(`${server.url}/api/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'bench', requestsPerMinute: 10000 }),
    });
    keys.push((await created.json()).secret);
  }
  return {
    name,
    pid: server.pid,
    stop: server.stop,
    call: (stream, worker = 0) => completion(server.url, stream, { authorization: `Bearer ${keys[worker % keys.length]}` }),
  };
}

const mock = await startMock();
const postgres = process.env.BENCH_PG === '0' ? undefined : await freshPostgres();
const gateways = [];
const results = {};
try {
  gateways.push(await startFloor(mock.url), await startPortkey(mock.url), await startSangamV1(mock.url, { name: 'Sangam PGlite' }));
  if (postgres) gateways.push(await startSangamV1(mock.url, { name: 'Sangam PG', databaseUrl: postgres.url }));
  for (const g of gateways) for (const stream of [false, true]) await closedLoop(g, (w) => g.call(stream, w), 200, 16);
  for (const stream of [false, true]) {
    const kind = stream ? 'SSE (first content chunk)' : 'JSON';
    for (const g of gateways) {
      const one = await sequential(
        g,
        () => g.call(stream),
        () => completion(mock.url, stream),
        N,
        stream,
      );
      const many = await closedLoop(g, (w) => g.call(stream, w), M, C);
      results[`${g.name} ${stream ? 'sse' : 'json'}`] = {
        added1: one.added,
        cpu1: one.cpu,
        rate64: many.perSecond,
        p50_64: many.firstP50,
        cpu64: many.cpu,
      };
      console.log(
        `${kind.padEnd(26)} ${g.name.padEnd(13)} c=1 added p50 ${one.added.toFixed(2)} ms, CPU ${one.cpu.toFixed(2)} ms/answer | c=64 ${many.perSecond.toFixed(0)} answers/s, p50 ${many.firstP50.toFixed(1)} ms, CPU ${many.cpu.toFixed(2)} ms/answer`,
      );
    }
  }
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
} finally {
  for (const g of gateways) await g.stop();
  await postgres?.drop();
  mock.stop();
}

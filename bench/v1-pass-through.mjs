// A configured model passed through Sangam's /v1/chat/completions (issue 25), side by side in one run
// with the bare node:http floor and Portkey's gateway, all against the same mock model and client
// (bench/lib), in interleaved rounds (their order: lib/round-order.mjs): JSON and SSE, at concurrency 1 (time added to the direct call,
// p50; SSE: to the first content chunk; server CPU per answer) and 64 (answers per second, first-byte
// p50, CPU per answer). Prints the medians over the rounds. Sangam runs on its embedded PGlite and on
// the machine's PostgreSQL (a fresh database; BENCH_PG=0 leaves it out).
// Needs the built server: `npm run build -w @sangam/server && node bench/v1-pass-through.mjs`.
// BENCH_ROUNDS (3), BENCH_N (c=1 answers per leg and round, 150), BENCH_M (c=64 answers per leg and
// round, 640), BENCH_PG_URL (the PostgreSQL server to create the database on), BENCH_JSON=file (also
// write the figures there), BENCH_BEFORE_JS=file (an earlier build, measured in the same run as '… before').
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completion, freshPostgres, startFloor, startMock, startPortkey } from './lib/gateways.mjs';
import { closedLoop, sequential, warmUp } from './lib/load.mjs';
import { medianTable } from './lib/median-table.mjs';
import { roundOrder } from './lib/round-order.mjs';
import { signedInToken, startServer } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const N = Number(process.env.BENCH_N ?? 150);
const M = Number(process.env.BENCH_M ?? 640);
const C = 64;
const USERS = 4;

/** Sangam with the mock as its one model, and USERS developers' keys (a key runs at most 16 requests at once). */
async function startSangamV1(mockUrl, { name, databaseUrl, serverJs }) {
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
  const server = await startServer(
    {
      MODELS_FILE: file,
      FREE_PLAN_TOKENS: '2000000000',
      MAX_ANSWERS_PER_USER: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    serverJs ? { serverJs: path.resolve(serverJs) } : {},
  );
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
const before = process.env.BENCH_BEFORE_JS;
const databases = [{ db: 'PGlite' }];
const postgres = [];
if (process.env.BENCH_PG !== '0') databases.push({ db: 'PG', postgres: true });
const gateways = [];
try {
  gateways.push(await startFloor(mock.url), await startPortkey(mock.url));
  for (const { db, postgres: onPostgres } of databases) {
    for (const serverJs of before ? [before, undefined] : [undefined]) {
      const fresh = onPostgres ? await freshPostgres() : undefined;
      if (fresh) postgres.push(fresh);
      gateways.push(await startSangamV1(mock.url, { name: `Sangam ${db}${serverJs ? ' before' : ''}`, databaseUrl: fresh?.url, serverJs }));
    }
  }
  // Warm every gateway up to its steady state (JIT, connections, caches) before measuring.
  for (const g of gateways)
    for (const stream of [false, true]) await warmUp(g, (w) => g.call(stream, w), { label: `${g.name} ${stream ? 'SSE' : 'JSON'}` });
  const figures = new Map(gateways.map((g) => [g.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const g of roundOrder(gateways, round)) {
      const f = {};
      for (const stream of [false, true]) {
        const kind = stream ? 'sse' : 'json';
        const one = await sequential(
          g,
          () => g.call(stream),
          () => completion(mock.url, stream),
          N,
          stream,
        );
        const many = await closedLoop(g, (w) => g.call(stream, w), M, C);
        Object.assign(f, {
          [`${kind}Added1`]: one.added,
          [`${kind}Cpu1`]: one.cpu,
          [`${kind}Rate64`]: many.perSecond,
          [`${kind}P50_64`]: many.firstP50,
          [`${kind}Cpu64`]: many.cpu,
        });
      }
      figures.get(g.name).push(f);
      process.stderr.write(`round ${round + 1}: ${g.name} done\n`);
    }
  }
  const lines = [
    ['JSON c=1: time added (ms)', 'jsonAdded1', 2],
    ['JSON c=1: server CPU per answer (ms)', 'jsonCpu1', 2],
    ['JSON c=64: answers per second', 'jsonRate64', 0],
    ['JSON c=64: first byte p50 (ms)', 'jsonP50_64', 1],
    ['JSON c=64: server CPU per answer (ms)', 'jsonCpu64', 2],
    ['SSE c=1: first content chunk, added (ms)', 'sseAdded1', 2],
    ['SSE c=1: server CPU per answer (ms)', 'sseCpu1', 2],
    ['SSE c=64: answers per second', 'sseRate64', 0],
    ['SSE c=64: first content chunk p50 (ms)', 'sseP50_64', 1],
    ['SSE c=64: server CPU per answer (ms)', 'sseCpu64', 2],
  ];
  const { text, medians } = medianTable({ rounds: ROUNDS, names: gateways.map((g) => g.name), figures, lines });
  console.log(text);
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rounds: ROUNDS, medians, runs: Object.fromEntries(figures) }, null, 2));
  }
} finally {
  for (const g of gateways) await g.stop();
  for (const p of postgres) await p.drop();
  mock.stop();
}

// Sangam against Portkey's gateway and the floor (a bare node:http pass-through), side by side in one
// run against the same mock model and client, in interleaved rounds (their order: lib/round-order.mjs;
// issue 22). Prints, per gateway and path, the medians over the rounds of: time added to an answer at
// c=1 (JSON), server CPU per answer at c=1 and c=64, answers per second at c=64 (64 users, and one
// user), first SSE delta added at c=1 and its p50 at c=64, and the server's RSS after the runs.
// Needs the built server: `npm run build -w @sangam/server && node bench/gateways.mjs`.
// BENCH_ROUNDS (3), BENCH_N (c=1 answers per round, 150), BENCH_M (c=64 answers per round, 640),
// BENCH_ONLY=pglite|postgres (skip the other database), BENCH_JSON=file (also write the figures there),
// BENCH_BEFORE_JS=file (an earlier build of the server, measured in the same run as 'Sangam … before').
import fs from 'node:fs';
import { completion, startFloor, startMock, startPortkey, startSangam } from './lib/gateways.mjs';
import { closedLoop, sequential, warmUp } from './lib/load.mjs';
import { medianTable } from './lib/median-table.mjs';
import { roundOrder } from './lib/round-order.mjs';
import { rssMb } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const N = Number(process.env.BENCH_N ?? 150);
const M = Number(process.env.BENCH_M ?? 640);
const C = 64;

const mock = await startMock();
const direct = (stream) => () => completion(mock.url, stream);
const only = process.env.BENCH_ONLY;
const started = [];
try {
  const floor = await startFloor(mock.url);
  started.push(floor);
  const portkey = await startPortkey(mock.url);
  started.push(portkey);
  const sangams = [];
  // BENCH_BEFORE_JS: also an earlier build of the server (e.g. `main` before a change), side by side.
  const before = process.env.BENCH_BEFORE_JS;
  for (const postgres of [false, true]) {
    if (only === (postgres ? 'pglite' : 'postgres')) continue;
    const db = postgres ? 'PostgreSQL' : 'PGlite';
    if (before) sangams.push(await startSangam(mock.url, { users: C, postgres, serverJs: before, name: `Sangam ${db} before` }));
    sangams.push(await startSangam(mock.url, { users: C, postgres }));
  }
  started.push(...sangams);

  /** Each row: a gateway and a path, and how one answer is sent through it. */
  const rows = [
    { name: 'floor', target: floor, call: (stream) => () => floor.call(stream) },
    { name: 'Portkey', target: portkey, call: (stream) => () => portkey.call(stream) },
    ...sangams.flatMap((s) =>
      [false, true].map((chat) => ({
        name: `${s.name}, ${chat ? 'new chat' : 'kept nowhere'}`,
        target: s,
        call: (stream, oneUser) => (worker) => s.call(stream, { chat, user: oneUser ? 0 : worker }),
        sangam: true,
      })),
    ),
  ];
  const figures = new Map(rows.map((r) => [r.name, []]));
  // Warm every path up to its steady state (JIT, connections, caches) before measuring.
  for (const r of rows)
    for (const stream of [false, true]) await warmUp(r.target, r.call(stream), { label: `${r.name} ${stream ? 'SSE' : 'JSON'}` });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const r of roundOrder(rows, round)) {
      const f = {};
      const json1 = await sequential(r.target, r.call(false), direct(false), N, false);
      f.added1 = json1.added;
      f.cpu1 = json1.cpu;
      const json64 = await closedLoop(r.target, r.call(false), M, C);
      f.rate64 = json64.perSecond;
      f.cpu64 = json64.cpu;
      if (r.sangam) {
        const one = await closedLoop(r.target, r.call(false, true), M, C);
        f.rate64one = one.perSecond;
        f.cpu64one = one.cpu;
      }
      f.sseAdded1 = (await sequential(r.target, r.call(true), direct(true), Math.ceil(N / 3), true)).added;
      f.sse64 = (await closedLoop(r.target, r.call(true), C * 4, C)).firstP50;
      figures.get(r.name).push(f);
      process.stderr.write(`round ${round + 1}: ${r.name} done\n`);
    }
  }
  const lines = [
    ['JSON c=1: time added to an answer (ms)', 'added1', 2],
    ['JSON c=1: server CPU per answer (ms)', 'cpu1', 2],
    ['JSON c=64, 64 users: answers per second', 'rate64', 0],
    ['JSON c=64, 64 users: server CPU per answer (ms)', 'cpu64', 2],
    ['JSON c=64, one user: answers per second', 'rate64one', 0],
    ['JSON c=64, one user: server CPU per answer (ms)', 'cpu64one', 2],
    ['SSE c=1: first delta, added (ms)', 'sseAdded1', 2],
    ['SSE c=64: first delta p50 (ms)', 'sse64', 1],
  ];
  const names = rows.map((r) => r.name);
  const rss = names.map((_, i) => rssMb(rows[i].target.pid).toFixed(0));
  const { text } = medianTable({ rounds: ROUNDS, names, figures, lines, extra: [['RSS after the runs (MB)', rss]] });
  console.log(text);
  if (process.env.BENCH_JSON)
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(Object.fromEntries([...figures].map(([k, v]) => [k, v])), null, 1));
} finally {
  for (const s of started) await s.stop();
  mock.stop();
}

// `npm run bench:check`: the regression guard of issue 22. Fails when Sangam's server CPU per answer
// at c=64 (64 users, JSON, an answer kept nowhere, PGlite) exceeds Portkey's gateway measured in the
// same run against the same mock model. CPU time (from /proc) rather than latency, the median of
// interleaved rounds in alternating order, so that a busy machine slows both sides alike.
// BENCH_ROUNDS (5) and BENCH_M (answers per round, 640) tune it.
import { startMock, startPortkey, startSangam } from './lib/gateways.mjs';
import { closedLoop, warmUp } from './lib/load.mjs';
import { percentile } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const M = Number(process.env.BENCH_M ?? 640);
const C = 64;

const mock = await startMock();
const started = [];
let failed = false;
try {
  const portkey = await startPortkey(mock.url);
  started.push(portkey);
  const sangam = await startSangam(mock.url, { users: C });
  started.push(sangam);
  const sides = [
    { name: 'Portkey', target: portkey, call: () => portkey.call(false), cpu: [] },
    { name: 'Sangam', target: sangam, call: (worker) => sangam.call(false, { user: worker }), cpu: [] },
  ];
  // Both warmed up to their steady state (JIT, connections, caches) before measuring.
  for (const s of sides) await warmUp(s.target, s.call, { c: C });
  for (let round = 0; round < ROUNDS; round += 1)
    for (const s of round % 2 ? [...sides].reverse() : sides) s.cpu.push((await closedLoop(s.target, s.call, M, C)).cpu);
  const [p, s] = sides.map((x) => percentile(x.cpu, 50));
  const show = (x) => x.cpu.map((v) => v.toFixed(2)).join(', ');
  console.log(`server CPU per answer, JSON c=64, 64 users (ms; median of ${ROUNDS} rounds):`);
  console.log(`  Portkey ${p.toFixed(2)} (${show(sides[0])})`);
  console.log(`  Sangam  ${s.toFixed(2)} (${show(sides[1])}), PGlite, kept nowhere`);
  failed = s > p;
  console.log(failed ? 'FAIL: Sangam spends more CPU per answer than Portkey' : 'ok: Sangam spends less CPU per answer than Portkey');
} finally {
  for (const x of started) await x.stop();
  mock.stop();
}
process.exitCode = failed ? 1 : 0;

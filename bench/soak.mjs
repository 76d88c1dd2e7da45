// The memory soak of issue 22: the built server on PGlite answers 50 streaming chat answers at a time
// (each a new chat, stored), for 20 minutes, against the mock model streaming its chunks 20 ms apart
// as a real model's tokens arrive. Samples the server's RSS every 10 s and times GET /healthz every
// 250 ms (from a process of its own, on a new connection each time, as a health checker does); prints
// the RSS slope after the warm-up (least squares, MiB per minute; goal under 2), the /healthz p50/p99
// (goal p99 under 100 ms), answers per second and failures. BENCH_SERVER_JS: another build.
// Needs the built server: `npm run build -w @sangam/server && node bench/soak.mjs`.
// SOAK_MINUTES (20), SOAK_WARMUP_MINUTES (3), SOAK_CONCURRENCY (50), MOCK_CHUNK_MS (20), SOAK_DB=postgres (PGlite).
import { fork } from 'node:child_process';
import path from 'node:path';
import { startMock, startSangam } from './lib/gateways.mjs';
import { percentile, rssMb } from './lib/server.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const WARMUP = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(3, MINUTES / 4));
const C = Number(process.env.SOAK_CONCURRENCY ?? 50);
process.env.MOCK_CHUNK_MS ??= '20';

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den ? num / den : 0;
}

const mock = await startMock();
const postgres = process.env.SOAK_DB === 'postgres';
// The bench users sign in once: their access tokens must outlive the soak (the default is 15 minutes).
const sangam = await startSangam(mock.url, {
  users: C,
  postgres,
  env: { ACCESS_TOKEN_TTL_SECONDS: String(Math.ceil(MINUTES * 60 + 600)) },
});
const t0 = performance.now();
const minutes = () => (performance.now() - t0) / 60_000;
const until = t0 + MINUTES * 60_000;
let answers = 0;
let failures = 0;
const rss = [];
const health = [];
try {
  const sampler = setInterval(() => {
    const point = { x: minutes(), y: rssMb(sangam.pid) };
    rss.push(point);
    if (rss.length % 6 === 0)
      console.log(`${point.x.toFixed(1)} min: RSS ${point.y.toFixed(0)} MiB, ${answers} answers, ${failures} failed`);
  }, 10_000);
  // The probe runs in a process of its own: this one is busy with the mock model and the clients.
  const prober = fork(path.join(import.meta.dirname, 'lib/health-probe.mjs'), [`${sangam.url}/healthz`, '250']);
  prober.on('message', ({ ms }) => {
    if (minutes() >= WARMUP && performance.now() < until) health.push(ms < 0 ? Number.POSITIVE_INFINITY : ms);
  });
  const probe = new Promise((resolve) => prober.once('exit', resolve));
  setTimeout(() => prober.send('stop'), Math.max(0, until - performance.now())).unref();
  await Promise.all(
    Array.from({ length: C }, async (_, worker) => {
      while (performance.now() < until) {
        const ok = await sangam.call(true, { chat: true, user: worker }).then(
          () => true,
          () => false,
        );
        if (ok) answers += 1;
        else failures += 1;
      }
    }),
  );
  await probe;
  clearInterval(sampler);
  const steady = rss.filter((p) => p.x >= WARMUP);
  console.log(`soak: ${MINUTES} min, ${C} streaming chat answers at a time (new chats), ${postgres ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`  answers ${answers} (${(answers / (MINUTES * 60)).toFixed(1)} per second), failed ${failures}`);
  console.log(
    `  RSS ${steady[0]?.y.toFixed(0)} MiB at ${WARMUP} min, ${steady.at(-1)?.y.toFixed(0)} MiB at the end; slope after warm-up ${slope(steady).toFixed(2)} MiB/min (goal < 2)`,
  );
  console.log(
    `  /healthz p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms over ${health.length} probes (goal p99 < 100)`,
  );
} finally {
  await sangam.stop();
  mock.stop();
}

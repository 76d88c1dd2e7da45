// A login flood against the built server: 100 wrong-password logins a second from 300 addresses for
// 20 s, while a real user signs in every ~0.5 s from the device they used before (its device cookie;
// and, for reference, from a new address and device each time). Prints the real user's p50/p95 against the machine
// floor (the same logins with no flood), and how many flood requests were shed (503 + Retry-After).
// Needs `npm run build` (the server only: `npm run build -w @sangam/server`).
// BENCH_RATE, BENCH_SECONDS and BENCH_ADDRESSES change the flood; BENCH_SERVER_JS (with
// BENCH_TRUST_PROXY for builds older than the TRUST_PROXY list) runs another build for comparison.
import { cpuMs, createUser, percentile, startServer } from './lib/server.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 300);

const server = await startServer(
  process.env.BENCH_TRUST_PROXY ? { TRUST_PROXY: process.env.BENCH_TRUST_PROXY } : {},
  process.env.BENCH_SERVER_JS ? { serverJs: process.env.BENCH_SERVER_JS } : {},
);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const login = async (username, password, ip, cookie) => {
  const t0 = performance.now();
  try {
    const res = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ username, password }),
    });
    await res.arrayBuffer();
    const device = res.headers.getSetCookie().find((c) => c.startsWith('sangam_device='));
    return { status: res.status, ms: performance.now() - t0, retryAfter: res.headers.get('retry-after'), cookie: device?.split(';')[0] };
  } catch {
    return { status: 0, ms: performance.now() - t0 };
  }
};
const fmt = (xs) =>
  `p50 ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
const count = (rs) => {
  const by = {};
  for (const r of rs) by[r.status] = (by[r.status] ?? 0) + 1;
  return Object.entries(by)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
};

try {
  const user = await createUser(server.url, server.dataDir);
  const home = '192.0.2.10';
  let fresh = 0;
  const newAddress = () => `198.18.${Math.floor(fresh / 250)}.${(fresh++ % 250) + 1}`;

  // The machine floor: the real user's logins with nothing else running.
  const floor = [];
  for (let i = 0; i < 20; i += 1) floor.push((await login(user.email, user.password, `192.0.2.${100 + i}`)).ms);
  console.log(`machine floor (no flood, 20 sequential logins): ${fmt(floor)}`);
  // The real user signed in from home before the flood starts: that device is known from then on.
  const { cookie: deviceCookie } = await login(user.email, user.password, home);

  const flooders = Array.from({ length: ADDRESSES }, (_, i) => `10.${Math.floor(i / 250)}.${i % 250}.${1 + (i % 200)}`);
  const flood = [];
  const pending = [];
  const until = Date.now() + SECONDS * 1000;
  const start = performance.now();
  // Open loop: one attempt every 1000/RATE ms whatever the answers do, as an attacker would.
  const attacker = (async () => {
    for (let i = 0; Date.now() < until; i += 1) {
      const ip = flooders[i % flooders.length];
      pending.push(login(`nobody${i}@example.com`, 'Wrong!pass1', ip).then((r) => flood.push(r)));
      const next = start + ((i + 1) * 1000) / RATE;
      await sleep(Math.max(0, next - performance.now()));
    }
  })();
  const known = [];
  const unknown = [];
  const realUser = (async () => {
    await sleep(2000); // let the flood build up
    while (Date.now() < until - 500) {
      known.push(await login(user.email, user.password, home, deviceCookie));
      unknown.push(await login(user.email, user.password, newAddress()));
      await sleep(400);
    }
  })();
  // The event loop's responsiveness: /healthz every 500 ms.
  const health = [];
  const prober = (async () => {
    while (Date.now() < until) {
      const t0 = performance.now();
      await fetch(`${server.url}/healthz`).then(
        (r) => r.arrayBuffer(),
        () => {},
      );
      health.push(performance.now() - t0);
      await sleep(500);
    }
  })();
  const cpu0 = cpuMs(server.pid);
  await Promise.all([attacker, realUser, prober]);
  const cpu = cpuMs(server.pid) - cpu0;
  await Promise.all(pending);

  const knownOk = known.filter((r) => r.status === 200).length;
  const unknownOk = unknown.filter((r) => r.status === 200).length;
  console.log(`flood: ${flood.length} wrong-password logins in ${SECONDS} s from ${ADDRESSES} addresses (${count(flood)})`);
  console.log(
    `  shed with 503 + Retry-After: ${flood.filter((r) => r.status === 503).length}; answered flood requests ${fmt(flood.map((r) => r.ms))}`,
  );
  console.log(`real user, device used before: ${knownOk}/${known.length} signed in (${count(known)}); ${fmt(known.map((r) => r.ms))}`);
  console.log(
    `real user, new address and device each time: ${unknownOk}/${unknown.length} signed in (${count(unknown)}); ${fmt(unknown.map((r) => r.ms))}`,
  );
  console.log(`/healthz during the flood: ${fmt(health)}; server CPU ${(cpu / SECONDS / 10).toFixed(0)}% of one core`);
} finally {
  await server.stop();
}

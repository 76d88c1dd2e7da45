// Login throughput and p99 latency at 16 concurrent clients for 10 s, and the server's peak memory
// during 200 concurrent logins (bounded by the Argon2id concurrency cap). Needs `npm run build`.
import { createUser, peakRssMb, percentile, randomIp, rssMb, startServer } from './lib/server.mjs';

const server = await startServer();
try {
  const user = await createUser(server.url, server.dataDir);
  const login = async () => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomIp() },
      body: new URLSearchParams({ username: user.email, password: user.password }),
    });
    await res.arrayBuffer();
    // A burst past the Argon2 gate's waiting places is shed with 503 (bench/login-flood.mjs).
    if (res.status === 503) return { shed: true, ms: performance.now() - t0 };
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    return { shed: false, ms: performance.now() - t0 };
  };
  await login();
  const latencies = [];
  const until = Date.now() + 10_000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < until) latencies.push((await login()).ms);
    }),
  );
  console.log(
    `16 concurrent clients, 10 s: ${latencies.length} logins, ${(latencies.length / 10).toFixed(1)} logins/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );

  const before = rssMb(server.pid);
  const burst = await Promise.all(Array.from({ length: 200 }, login));
  console.log(
    `200 concurrent logins: all answered in ${Math.max(...burst.map((b) => b.ms)).toFixed(0)} ms (${burst.filter((b) => b.shed).length} shed with 503); RSS before ${before.toFixed(0)} MB, peak ${peakRssMb(server.pid).toFixed(0)} MB (Argon2id 19 MiB x at most 4 at once)`,
  );
} finally {
  await server.stop();
}

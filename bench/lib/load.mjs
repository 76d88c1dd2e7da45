// The two load shapes of the gateway benchmarks, with the server's CPU time measured from /proc.
import fs from 'node:fs';
import { percentile } from './server.mjs';

/** CPU time (user + system) of a process so far, in ms. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** `total` calls, `c` at a time (each worker its own user), with the wall time and the server's CPU. */
export async function closedLoop(target, call, total, c) {
  let next = 0;
  let failures = 0;
  const firsts = [];
  const cpu0 = cpuMs(target.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: c }, async (_, worker) => {
      while (next < total) {
        next += 1;
        // A refused or dropped request is counted, not fatal: the run goes on.
        const r = await call(worker).catch(() => undefined);
        if (r) firsts.push(r.first);
        else failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { perSecond: total / seconds, cpu: (cpuMs(target.pid) - cpu0) / total, firstP50: percentile(firsts, 50), failures };
}

/**
 * Warms a gateway to its steady state before anything is measured: batches of `batch` calls, `c` at a
 * time, until its server CPU per answer stops falling (within 10 % of the batch before) or after
 * `maxBatches`. A server runs for hours: what V8 spends compiling its hot code in the first thousand
 * answers (measured: about half of the CPU of an answer in the first 300, on every gateway) is not the
 * cost of an answer. Every gateway of a run gets the same treatment; returns the batches' CPU per answer,
 * and with `label` also prints them to stderr.
 */
export async function warmUp(target, call, { batch = 400, c = 16, maxBatches = 8, label } = {}) {
  const seen = [];
  for (let i = 0; i < maxBatches; i += 1) {
    seen.push((await closedLoop(target, call, batch, c)).cpu);
    const [before, last] = seen.slice(-2);
    if (seen.length >= 3 && last >= before * 0.9) break;
  }
  if (label)
    process.stderr.write(`warm-up: ${label}, CPU per answer by batch of ${batch} ${seen.map((v) => v.toFixed(2)).join(', ')} ms\n`);
  return seen;
}

/** c=1: each call through the gateway right after the same call straight to the model. */
export async function sequential(target, call, direct, n, stream) {
  const added = [];
  const cpu0 = cpuMs(target.pid);
  for (let i = 0; i < n; i += 1) {
    const d = await direct();
    const v = await call(0);
    added.push(stream ? v.first - d.first : v.total - d.total);
  }
  return { added: percentile(added, 50), cpu: (cpuMs(target.pid) - cpu0) / n };
}

// Fusion on time (issue 15): the time from the first finished proposer to the first fused delta, with a
// proposer that hangs (it never answers; its timeout is 60 s) and FUSION_QUORUM=2, against the same
// measurement with no hanging proposer (the floor: judge + aggregator round trips through the engine)
// and a plain HTTP round trip to the fake upstream, all in the same run (needs `npm run build`).
// Run with: npx tsx bench/fusion-latency.mjs   (BENCH_N rounds, default 40)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { percentile, signedInToken, startServer } from './lib/server.mjs';

const { startFakeLlm } = await import('../packages/test-fakes/src/fake-llm.ts').catch(() => {
  throw new Error('Run with: npx tsx bench/fusion-latency.mjs');
});

const fake = await startFakeLlm();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-fusion-bench-'));
const model = (id, roles, timeoutMs = 30000) => ({
  id,
  name: id,
  provider: 'openai-compatible',
  model: id,
  baseURL: `${fake.url}/v1`,
  roles,
  timeoutMs,
});
const file = (name, models) => {
  const f = path.join(dir, `${name}.json`);
  fs.writeFileSync(f, JSON.stringify({ models }));
  return f;
};
const withHang = file('hang', [
  model('p1', ['proposer']),
  model('p2', ['proposer']),
  model('hang', ['proposer'], 60000),
  model('agg', ['aggregator', 'refiner']),
]);
const noHang = file('nohang', [model('p1', ['proposer']), model('p2', ['proposer']), model('agg', ['aggregator', 'refiner'])]);
const REPLY = 'word '.repeat(40);
for (const id of ['p1', 'p2']) fake.behave(id, { reply: REPLY, chunkSize: 20 });
// The aggregator's call streams REPLY; the judge's (structured output) gets the fake's default judgement.
fake.behave('agg', { reply: REPLY, chunkSize: 20, match: 'Write the single best answer' });
fake.behave('hang', { fail: 'hang' });

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const BOUNDARY = 'sangam-bench-boundary';
const form = (i) =>
  Buffer.from(
    `${Object.entries({ Prompt: `fusion bench ${i}`, Chat_Id: 'bench', Request_Id: `req_bench_${i}_${Date.now()}` })
      .map(([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')}--${BOUNDARY}--\r\n`,
  );

/**
 * One streamed answer: ms from the first `model-end` to the first `fusion-delta` as the client sees
 * them. The client then leaves (an answer outside a chat is aborted with its client), so a hanging
 * proposer does not outlive the measurement.
 */
function firstFusedDelta(url, token, i) {
  return new Promise((resolve, reject) => {
    const body = form(i);
    const req = http.request(
      `${url}/ai/v1/agent/GenerateAnswer`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': body.length,
          'x-api-key': 'sangam-web',
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
        },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`answered ${res.statusCode}`));
        let firstEnd = 0;
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
          if (!firstEnd && text.includes('event: model-end')) firstEnd = performance.now();
          if (firstEnd && text.includes('event: fusion-delta')) {
            const ms = performance.now() - firstEnd;
            req.destroy();
            resolve(ms);
          }
        });
        res.on('end', () => reject(new Error('the answer ended without a fused delta')));
      },
    );
    req.on('error', (err) => {
      if (err.code !== 'ECONNRESET') reject(err);
    });
    req.end(body);
  });
}

/** The floor of the machine: a plain non-streamed completion from the fake upstream. */
function roundTrip() {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(JSON.stringify({ model: 'p1', stream: false, messages: [{ role: 'user', content: 'hi' }] }));
    const t0 = performance.now();
    const req = http.request(
      `${fake.url}/v1/chat/completions`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - t0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function session(modelsFile) {
  const server = await startServer({
    MODELS_FILE: modelsFile,
    FREE_PLAN_TOKENS: '1000000000',
    MAX_ANSWERS_PER_USER: '1000',
    FUSION_QUORUM: '2',
    FUSION_DEADLINE_MS: '15000',
  });
  const token = await signedInToken(server);
  return { server, token };
}

const N = Number(process.env.BENCH_N ?? 40);
const fmt = (xs) =>
  `p50 ${percentile(xs, 50).toFixed(1)} ms, p90 ${percentile(xs, 90).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
const hanging = await session(withHang);
const plain = await session(noHang);
try {
  for (let i = 0; i < 5; i += 1) {
    await firstFusedDelta(hanging.server.url, hanging.token, `warm${i}`);
    await firstFusedDelta(plain.server.url, plain.token, `warm${i}`);
    await roundTrip();
  }
  const h = [];
  const p = [];
  const r = [];
  // Alternating, so that both legs see the same machine.
  for (let i = 0; i < N; i += 1) {
    h.push(await firstFusedDelta(hanging.server.url, hanging.token, i));
    p.push(await firstFusedDelta(plain.server.url, plain.token, i));
    r.push(await roundTrip());
  }
  console.log(`first finished proposer -> first fused delta (judge + aggregator), ${N} answers each, FUSION_QUORUM=2:`);
  console.log(`  with a hanging proposer (timeout 60 s): ${fmt(h)}`);
  console.log(`  floor, no hanging proposer:             ${fmt(p)}`);
  console.log(`  plain HTTP round trip to the fake:      ${fmt(r)}`);
  console.log(`  difference of the p50s (hanging - floor): ${(percentile(h, 50) - percentile(p, 50)).toFixed(1)} ms`);
} finally {
  await hanging.server.stop();
  await plain.server.stop();
  agent.destroy();
  await fake.close();
}

// The local model path's speed with the generated tiny model (no download): time to first token and
// tokens per second of GenerateAnswer over HTTP at 1 and 4 concurrent users, against node-llama-cpp
// called directly in the same run (the floor). Needs `npm run build`; run with: npx tsx --tsconfig apps/server/tsconfig.json bench/local-model.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, signedInToken, startServer } from './lib/server.mjs';

const { writeTinyLlama } = await import('../apps/server/src/lib/llm/gguf-fixture/tiny-llama.ts').catch(() => {
  throw new Error('Run with: npx tsx --tsconfig apps/server/tsconfig.json bench/local-model.mjs');
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-local-bench-'));
const file = writeTinyLlama(path.join(dir, 'tiny-llama.gguf'));
const MAX_TOKENS = 64;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SEQUENCES = 4;

/** Floor: one context with the same sequences and threads, LlamaChatSession called directly. */
async function direct(concurrency) {
  const { getLlama, LlamaChatSession } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: false, build: 'never', progressLogs: false });
  const model = await llama.loadModel({ modelPath: file });
  const context = await model.createContext({ sequences: SEQUENCES, contextSize: 4096, threads: 1 });
  const one = async (i) => {
    const sequence = context.getSequence();
    const chat = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false, systemPrompt: 'Answer.' });
    const start = performance.now();
    let first = 0;
    let tokens = 0;
    await chat.prompt(`question ${i}`, {
      maxTokens: MAX_TOKENS,
      onToken: (t) => {
        if (!first) first = performance.now() - start;
        tokens += t.length;
      },
    });
    chat.dispose({ disposeSequence: false });
    await sequence.dispose();
    return { ttft: first, tokens, ms: performance.now() - start };
  };
  const results = [];
  for (let r = 0; r < ROUNDS; r += 1) results.push(...(await Promise.all(Array.from({ length: concurrency }, (_, i) => one(i)))));
  await llama.dispose();
  return results;
}

async function viaServer(concurrency) {
  const server = await startServer({
    LOCAL_MODEL: 'auto',
    LOCAL_MODEL_PATH: file,
    LOCAL_MODEL_THREADS: '1',
    LOCAL_MODEL_SEQUENCES: String(SEQUENCES),
    LOCAL_MODEL_MAX_TOKENS: String(MAX_TOKENS),
    MAX_ANSWERS_PER_USER: '100',
  });
  for (let i = 0; i < 1500; i += 1) {
    // A loaded machine can take longer than startServer waits to listen: keep asking.
    const s = await fetch(`${server.url}/api/v1/model-status`).then(
      (r) => r.json(),
      () => ({}),
    );
    if (s.local?.state === 'ready') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const token = await signedInToken(server);
  const one = async (i) => {
    const form = new FormData();
    form.append('Prompt', `question ${i}`);
    form.append('Chat_Id', crypto.randomUUID());
    form.append('Request_Id', `req_${crypto.randomUUID()}`);
    const start = performance.now();
    const res = await fetch(`${server.url}/ai/v1/agent/GenerateAnswer`, {
      method: 'POST',
      headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      body: form,
    });
    let first = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      text += decoder.decode(chunk, { stream: true });
      if (!first && text.includes('event: model-delta')) first = performance.now() - start;
    }
    const tokens = Number(/"outputTokens":(\d+)/.exec(text)?.[1] ?? 0);
    return { ttft: first, tokens, ms: performance.now() - start };
  };
  const results = [];
  for (let r = 0; r < ROUNDS; r += 1) results.push(...(await Promise.all(Array.from({ length: concurrency }, (_, i) => one(i)))));
  await server.stop();
  return results;
}

const summary = (name, concurrency, results) => {
  const wall = results.reduce((a, r) => a + r.ms, 0) / concurrency;
  const tokens = results.reduce((a, r) => a + r.tokens, 0);
  return {
    path: name,
    users: concurrency,
    answers: results.length,
    'ttft p50 ms': Math.round(
      percentile(
        results.map((r) => r.ttft),
        50,
      ),
    ),
    'ttft p95 ms': Math.round(
      percentile(
        results.map((r) => r.ttft),
        95,
      ),
    ),
    'tokens/s (all users)': Math.round((tokens / wall) * 1000),
  };
};

const rows = [];
for (const concurrency of [1, 4]) {
  rows.push(summary('node-llama-cpp direct (floor)', concurrency, await direct(concurrency)));
  rows.push(summary('Sangam GenerateAnswer (SSE)', concurrency, await viaServer(concurrency)));
}
console.table(rows);
console.log(
  `tiny generated model, ${MAX_TOKENS} tokens at most per answer, ${SEQUENCES} sequences, 1 thread each, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);
fs.rmSync(dir, { recursive: true, force: true });

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyLlama } from '@/lib/llm/gguf-fixture/tiny-llama';
import { createLocalModel, type LocalModel } from '@/lib/llm/local-llama';
import { createSequencePool } from '@/lib/llm/local-model/sequence-pool';

const log = pino({ level: 'silent' });

describe('the sequence pool', () => {
  it('hands out free slots first come, first served, and a waiter whose signal aborts leaves the line', async () => {
    const pool = createSequencePool({ size: 1, open: () => 'slot', free: async () => {} });
    const order: string[] = [];
    let release: () => void = () => {};
    const first = pool.use(new AbortController().signal, () => new Promise<void>((r) => (release = r)));
    const leaving = new AbortController();
    const gone = pool.use(leaving.signal, async () => order.push('gone'));
    const second = pool.use(new AbortController().signal, async () => order.push('second'));
    const third = pool.use(new AbortController().signal, async () => order.push('third'));
    expect(pool.stats()).toEqual({ size: 1, busy: 1, waiting: 3 });
    leaving.abort(new Error('stopped'));
    await expect(gone).rejects.toThrow('stopped');
    expect(pool.stats().waiting).toBe(2);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['second', 'third']);
    expect(pool.stats()).toEqual({ size: 1, busy: 0, waiting: 0 });
  });
});

describe('the loaded tiny model', () => {
  let dir: string;
  let local: LocalModel;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-local-'));
    local = createLocalModel({
      dataDir: dir,
      modelPath: writeTinyLlama(path.join(dir, 'tiny.gguf')),
      sequences: 2,
      threads: 1,
      maxTokens: 12,
      log,
    });
    await local.ready;
    expect(local.status.state).toBe('ready');
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const answer = async (prompt: string, signal = new AbortController().signal) => {
    const r = local.client.stream({ system: 'Answer briefly.', messages: [{ role: 'user', content: prompt }], signal });
    let chunks = 0;
    for await (const _ of r.textStream) chunks += 1;
    return { chunks, usage: await r.usage };
  };

  it('memory returns after a burst of 50 answers: every sequence freed, the resident size back near where it was', async () => {
    await Promise.all([1, 2, 3, 4].map((i) => answer(`warm-up ${i}`)));
    const before = process.memoryUsage().rss;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => answer(`प्रश्न ${i} 🙏`)));
    expect(results.every((r) => r.usage.outputTokens > 0 && r.usage.outputTokens <= 12)).toBe(true);
    expect(local.snapshot().sequences).toEqual({ size: 2, busy: 0, waiting: 0 });
    const grownMb = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(grownMb).toBeLessThan(64);
  }, 300_000);

  it('shutdown stops the answer in progress and disposes the context: nothing answers afterwards', async () => {
    const stop = new AbortController();
    const r = local.client.stream({ system: 's', messages: [{ role: 'user', content: 'a long one' }], signal: stop.signal });
    const it = r.textStream[Symbol.asyncIterator]();
    await it.next();
    const closing = Date.now();
    await local.close();
    expect(Date.now() - closing).toBeLessThan(2000);
    expect(local.status.state).toBe('off');
    expect(() => local.client.stream({ system: 's', messages: [{ role: 'user', content: 'x' }], signal: stop.signal })).not.toThrow();
    await expect(answer('after shutdown')).rejects.toThrow(/shut down/);
  }, 30_000);
});

import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { systemClock } from '@/lib/clock';
import { createCircuitBreaker } from '@/lib/llm/circuit-breaker';
import type { ModelClient } from '@/lib/llm/model-client';
import { createModelLatency } from '@/lib/llm/model-latency';
import { generateAnswer } from '@/modules/agent/answer.service';
import type { ModelRegistry } from '@/modules/models/model-registry';

// Fusion waits for its slowest proposer: its request leaves first (decision 003), while everything
// the user sees keeps the panel's order.
describe('proposers are sent slowest first, and shown in the panel order', () => {
  const sent: string[] = [];
  const model = (id: string, ms: number, roles = ['proposer']): ModelClient => ({
    id,
    name: id,
    provider: 'test',
    vision: false,
    timeoutMs: 5000,
    roles,
    stream: () => {
      sent.push(id);
      const answered = new Promise<void>((done) => setTimeout(done, ms));
      return {
        textStream: (async function* () {
          await answered;
          yield `${id} says so.`;
        })(),
        usage: answered.then(() => ({ inputTokens: 1, outputTokens: 3 })),
      };
    },
    generate: async () => {
      throw new Error('streamed here');
    },
    object: async () => {
      throw new Error('no analysis here');
    },
  });
  const panel = [model('quick', 5), model('slow', 80), model('medium', 30)];
  const fuser = model('fuser', 1, ['aggregator', 'judge']);
  const latency = createModelLatency();
  const registry = {
    breaker: createCircuitBreaker({ clock: systemClock }),
    latency,
    proposers: () => panel,
    aggregator: () => fuser,
    judge: () => fuser,
    assertAvailable: () => {},
  } as unknown as ModelRegistry;
  const log = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;

  it('the first answer sends them in the panel order; the next one sends the slowest first, its events still in the panel order', async () => {
    const ask = async () => {
      sent.length = 0;
      const events: Array<{ event: string; data: { model?: string } }> = [];
      const result = await generateAnswer({
        registry,
        system: 's',
        question: 'q',
        history: [],
        signal: new AbortController().signal,
        emit: (e) => events.push(e as never),
        log,
        quorum: 'all',
      });
      const proposersSent = sent.filter((id) => id !== 'fuser');
      return { proposersSent, starts: events.filter((e) => e.event === 'model-start').map((e) => e.data.model), result };
    };
    const first = await ask();
    expect(first.proposersSent).toEqual(['quick', 'slow', 'medium']);
    expect(first.starts).toEqual(['quick', 'slow', 'medium']);
    const second = await ask();
    expect(second.proposersSent).toEqual(['slow', 'medium', 'quick']);
    expect(second.starts).toEqual(['quick', 'slow', 'medium']);
    expect(second.result.answers.map((a) => a.answerId)).toEqual(['quick', 'slow', 'medium']);
  });
});

import { describe, expect, it } from 'vitest';
import { agreementOf, judgeCallSchema, sanitiseJudgement } from '@/modules/agent/fusion/analysis';
import { answerCost, callCostInr } from '@/modules/agent/fusion/costs';
import { fusionGate } from '@/modules/agent/fusion/quorum';

describe('sanitiseJudgement', () => {
  it('keeps only the fused answer ids (once each), cuts texts, drops empty points and one-sided contradictions', () => {
    const raw = judgeCallSchema.parse({
      consensus: [
        { text: '  Water   boils at 100 °C ', models: ['a', 'a', '[b]', 'zz'] },
        { text: 'Only an unknown model', models: ['zz'] },
        { text: '   ', models: ['a'] },
      ],
      contradictions: [
        {
          topic: 'Boiling point',
          sides: [
            { claim: '100', models: ['a'] },
            { claim: '90', models: ['b'] },
            { claim: '80', models: ['zz'] },
          ],
        },
        {
          topic: 'One side left',
          sides: [
            { claim: 'x', models: ['a'] },
            { claim: 'y', models: ['nobody'] },
          ],
        },
      ],
      unique: Array.from({ length: 20 }, (_, i) => ({ text: `p${i} ${'y'.repeat(700)}`, models: ['b'] })),
    });
    const j = sanitiseJudgement(raw, ['a', 'b']);
    expect(j.consensus).toEqual([{ text: 'Water boils at 100 °C', models: ['a', 'b'] }]);
    expect(j.contradictions).toEqual([
      {
        topic: 'Boiling point',
        sides: [
          { claim: '100', models: ['a'] },
          { claim: '90', models: ['b'] },
        ],
      },
    ]);
    expect(j.unique).toHaveLength(12);
    expect(j.unique.every((p) => p.text.length === 600 && p.text.endsWith('…'))).toBe(true);
    expect(j.openQuestions).toEqual([]);
  });

  it('computes agreement on the server: consensus over consensus and contradictions, null with neither', () => {
    const point = { text: 't', models: ['a'] };
    const clash = {
      topic: 't',
      sides: [
        { claim: 'x', models: ['a'] },
        { claim: 'y', models: ['b'] },
      ],
    };
    expect(agreementOf({ consensus: [point, point, point], contradictions: [clash] })).toBe(0.75);
    expect(agreementOf({ consensus: [], contradictions: [clash] })).toBe(0);
    expect(agreementOf({ consensus: [], contradictions: [] })).toBeNull();
  });
});

describe('costs', () => {
  it('prices per million tokens in INR, or USD at the configured rate; null without a price; totals of priced calls', () => {
    expect(callCostInr({ price: { input: 100, output: 200, currency: 'INR' } }, { inputTokens: 1000, outputTokens: 500 }, 90)).toBe(0.2);
    expect(callCostInr({ price: { input: 1, output: 2, currency: 'USD' } }, { inputTokens: 2000, outputTokens: 1000 }, 90)).toBe(0.36);
    expect(callCostInr({}, { inputTokens: 2000, outputTokens: 1000 }, 90)).toBeNull();
    const call = (costInr: number | null, tokens: number) => ({
      answerId: 'a',
      modelId: 'a',
      name: 'A',
      role: 'proposer' as const,
      inputTokens: tokens,
      outputTokens: 0,
      costInr,
    });
    expect(answerCost([call(0.1, 10), call(0.2, 20), call(null, 5)])).toMatchObject({ tokens: 35, costInr: 0.3 });
    expect(answerCost([call(null, 5)]).costInr).toBeNull();
  });
});

describe('fusionGate', () => {
  const gate = (quorum: number | 'all', deadlineMs = 10_000, total = 3) =>
    fusionGate({ total, quorum, deadlineMs, signal: new AbortController().signal });

  it('opens at the quorum, or when every proposer has ended, or at the deadline after the first answer', async () => {
    const k = gate(2);
    k.ended(true);
    expect(k.isOpen).toBe(false);
    k.ended(true);
    expect(k.isOpen).toBe(true);
    expect(await k.ready).toBe('quorum');

    const all = gate('all');
    all.ended(true);
    all.ended(false);
    all.ended(false);
    expect(await all.ready).toBe('all-ended');

    const late = gate('all', 30);
    late.ended(false);
    expect(late.isOpen).toBe(false);
    late.ended(true);
    const t0 = Date.now();
    expect(await late.ready).toBe('deadline');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
  });

  it('opens when the answer is aborted, and at once with no proposer', async () => {
    const controller = new AbortController();
    const g = fusionGate({ total: 2, quorum: 'all', deadlineMs: 10_000, signal: controller.signal });
    controller.abort();
    expect(await g.ready).toBe('aborted');
    expect(await gate('all', 10, 0).ready).toBe('all-ended');
  });
});

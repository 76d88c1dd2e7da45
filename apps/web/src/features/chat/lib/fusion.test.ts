import type { AnswerResponse, ChatMessage, FusionAnalysis } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, type LiveAnswer, startingLive } from '@/features/chat/hooks/use-live-answer';
import { type AnswerCard, applyEvent, bestCard, cardsOf } from '@/features/chat/lib/cards';
import { agreementOf, chatTotal, costLine, estimateText, firstWords, phaseOf, usageLevel } from '@/features/chat/lib/fusion';
import { answer, assistant } from '@/features/chat/lib/test-messages';

const point = (text: string, models: string[]) => ({ text, models });
const analysis = (a: Partial<FusionAnalysis>): FusionAnalysis => ({
  consensus: [],
  contradictions: [],
  unique: [],
  openQuestions: [],
  fusedAnswers: ['alpha', 'beta'],
  agreement: null,
  judge: { modelId: 'fusion', name: 'Fusion' },
  ...a,
});
const contradiction = {
  topic: 'Boiling point',
  sides: [point('100 °C', ['alpha']), point('90 °C', ['beta'])].map((p) => ({ claim: p.text, models: p.models })),
};

describe('the agreement indicator', () => {
  it('reads "Strong agreement · 4 of 5 points agreed" at 80 %', () => {
    const a = analysis({
      consensus: [1, 2, 3, 4].map((i) => point(`p${i}`, ['alpha', 'beta'])),
      contradictions: [contradiction],
      agreement: 0.8,
    });
    expect(agreementOf(a)).toMatchObject({ level: 'strong', label: 'Strong agreement · 4 of 5 points agreed' });
  });
  it('is partial from 40 % and little below it, with the singular for one point', () => {
    expect(agreementOf(analysis({ consensus: [point('a', ['alpha'])], contradictions: [contradiction], agreement: 0.5 })).label).toBe(
      'Partial agreement · 1 of 2 points agreed',
    );
    expect(agreementOf(analysis({ contradictions: [contradiction], agreement: 0 })).label).toBe('Little agreement · 0 of 1 point agreed');
  });
  it('says so when there is no point to compare (agreement null)', () => {
    expect(agreementOf(analysis({ openQuestions: ['Why?'] }))).toMatchObject({ level: 'none', share: null });
  });
});

describe('costs in rupees', () => {
  it('a card footer reads "₹0.42 · 3,120 tokens", and only tokens without a price', () => {
    expect(costLine({ costInr: 0.42, tokens: 3120 })).toBe('₹0.42 · 3,120 tokens');
    expect(costLine({ costInr: null, tokens: 3120 })).toBe('3,120 tokens');
    expect(costLine({ costInr: 1234.5, tokens: 1_250_000 })).toBe('₹1,235 · 12,50,000 tokens');
    expect(costLine({ costInr: null, tokens: null })).toBeNull();
  });
  it("a chat's total sums its answers' costs; rupees only over the priced ones", () => {
    const m = (cost: ChatMessage['cost']) => ({ cost }) as ChatMessage;
    const total = chatTotal([
      m({ calls: [], tokens: 1000, costInr: 0.4 }),
      m(null),
      m({ calls: [], tokens: 500, costInr: null }),
      m({ calls: [], tokens: 20, costInr: 0.02 }),
    ]);
    expect(total?.tokens).toBe(1520);
    expect(total?.costInr).toBeCloseTo(0.42, 10);
    expect(chatTotal([m(null)])).toBeNull();
    expect(chatTotal([m({ calls: [], tokens: 9, costInr: null })])).toEqual({ tokens: 9, costInr: null });
  });
  it('the estimate reads "5 models, about ₹0.84 of your plan", or tokens without a price', () => {
    expect(estimateText({ models: 5, tokens: 4200, costInr: 0.84, remaining: 1000 })).toBe('5 models, about ₹0.84 of your plan');
    expect(estimateText({ models: 1, tokens: 4200, costInr: null, remaining: 1000 })).toBe('1 model, about 4,200 tokens of your plan');
  });
  it('the header warns from the warning share and says when the allowance is used up', () => {
    expect(usageLevel(79, 100, 0.8)).toBe('ok');
    expect(usageLevel(80, 100, 0.8)).toBe('warning');
    expect(usageLevel(100, 100, 0.8)).toBe('exhausted');
    expect(usageLevel(0, 0, 0.8)).toBe('exhausted');
  });
});

describe('live model status', () => {
  const start = (model: string, extra: { answerId?: string; sample?: number } = {}) =>
    ({ event: 'model-start', data: { model, name: model.toUpperCase(), ...extra } }) as const;
  it('thinking, then writing with its first words, then done; a failure keeps its reason', () => {
    let cards: AnswerCard[] = applyEvent([bestCard()], start('alpha'));
    const alpha = () => cards.find((c) => c.id === 'alpha') as AnswerCard;
    expect(phaseOf(alpha(), null)).toBe('thinking');
    cards = applyEvent(cards, {
      event: 'model-delta',
      data: { model: 'alpha', name: 'ALPHA', delta: 'One two three four five six seven eight nine' },
    });
    expect(phaseOf(alpha(), null)).toBe('writing');
    expect(firstWords(alpha().content)).toBe('One two three four five six seven eight…');
    cards = applyEvent(cards, { event: 'model-end', data: { model: 'alpha', name: 'ALPHA', text: 'Done.', tokens: 30, costInr: 0.01 } });
    expect(phaseOf(alpha(), null)).toBe('done');
    expect(alpha()).toMatchObject({ tokens: 30, costInr: 0.01, isLate: false });
    cards = applyEvent(cards, start('beta'));
    cards = applyEvent(cards, {
      event: 'model-error',
      data: { model: 'beta', name: 'BETA', code: 'MODEL_TIMEOUT', detail: 'No answer in 8 s' },
    });
    const beta = cards.find((c) => c.id === 'beta') as AnswerCard;
    expect(phaseOf(beta, null)).toBe('failed');
    expect(beta.failure).toBe('No answer in 8 s');
  });
  it('a model still writing when the fusion began, or finished late, is late', () => {
    let cards: AnswerCard[] = applyEvent(applyEvent([bestCard()], start('alpha')), start('gamma'));
    const gamma = () => cards.find((c) => c.id === 'gamma') as AnswerCard;
    expect(phaseOf(gamma(), ['alpha'])).toBe('late');
    cards = applyEvent(cards, { event: 'model-end', data: { model: 'gamma', name: 'GAMMA', text: 'Slow.', late: true } });
    expect(gamma().isLate).toBe(true);
    expect(phaseOf(gamma(), null)).toBe('late');
  });
  it('the samples of one model are cards of their own, named by sample', () => {
    let cards: AnswerCard[] = [bestCard()];
    cards = applyEvent(cards, start('alpha', { answerId: 'alpha#1', sample: 1 }));
    cards = applyEvent(cards, start('alpha', { answerId: 'alpha#2', sample: 2 }));
    cards = applyEvent(cards, {
      event: 'model-delta',
      data: { model: 'alpha', name: 'ALPHA', answerId: 'alpha#2', sample: 2, delta: 'Second' },
    });
    expect(cards.map((c) => [c.id, c.title, c.content])).toEqual([
      ['best', 'Sangam Answer', ''],
      ['alpha#1', 'ALPHA · sample 1', ''],
      ['alpha#2', 'ALPHA · sample 2', 'Second'],
    ]);
  });
  it('a stored answer carries its cost on the fused card and each late answer is marked', () => {
    const message = assistant({
      createdAt: '',
      cost: { calls: [], tokens: 3120, costInr: 0.42 },
      answers: [
        answer({ name: 'Alpha', text: 'A', tokens: 10, durationMs: 1, costInr: 0.1 }),
        answer({ modelId: 'gamma', name: 'Gamma', text: 'G', tokens: 10, durationMs: 1, isInFusion: false, late: true }),
      ],
    });
    const [best, alpha, gamma] = cardsOf(message);
    expect(costLine({ costInr: best?.costInr, tokens: best?.tokens })).toBe('₹0.42 · 3,120 tokens');
    expect(alpha).toMatchObject({ answerId: 'alpha', isLate: false, costInr: 0.1 });
    expect(gamma).toMatchObject({ answerId: 'gamma', isLate: true, costInr: null });
  });
  it('an answer fused in again (in the analysis) is no longer marked late', () => {
    const base = assistant({
      createdAt: '',
      answers: [answer({ modelId: 'gamma', name: 'Gamma', text: 'G', tokens: 1, durationMs: 1, isInFusion: false, late: true })],
    });
    expect(cardsOf({ ...base, analysis: analysis({ fusedAnswers: ['alpha'] }) })[1]?.isLate).toBe(true);
    expect(cardsOf({ ...base, analysis: analysis({ fusedAnswers: ['alpha', 'gamma'] }) })[1]?.isLate).toBe(false);
  });
});

describe('the live answer follows the fusion', () => {
  const live: LiveAnswer = startingLive('q');
  it("keeps the judge's analysis and the answers the fusion read; a malformed analysis is ignored", () => {
    const judged = analysis({ consensus: [point('Shared', ['alpha', 'beta'])], agreement: 1 });
    let l = applyLiveEvent(live, { event: 'fusion-analysis', data: judged });
    expect(l.analysis).toEqual(judged);
    l = applyLiveEvent(l, { event: 'fusion-start', data: { model: 'fusion', name: 'Fusion', answers: ['alpha', 'beta'] } });
    expect(l.fusedAnswers).toEqual(['alpha', 'beta']);
    expect(applyLiveEvent(live, { event: 'fusion-analysis', data: { consensus: 'no' } as unknown as FusionAnalysis }).analysis).toBeNull();
  });
  it('takes the analysis and the cost from the final answer', () => {
    const judged = analysis({ agreement: null });
    const final: AnswerResponse = {
      data: { best_output: 'Fused', supporting_output: {}, analysis: judged, cost: { calls: [], tokens: 90, costInr: 0.3 } },
      message: 'ok',
    };
    const l = applyLiveEvent(live, { event: 'final', data: final });
    expect(l.analysis).toEqual(judged);
    expect(l.cards[0]).toMatchObject({ content: 'Fused', tokens: 90, costInr: 0.3 });
  });
});

import { describe, expect, it } from 'vitest';
import { applyEvent, bestCard, cardsOf } from '@/features/chat/lib/cards';
import { answer, assistant } from '@/features/chat/lib/test-messages';

describe('answer cards', () => {
  it('a model’s failure reads in the reader’s language by its code (English keeps the server’s detail)', async () => {
    const { i18n } = await import('@lingui/core');
    const { messages } = await import('@/locales/hi.po');
    const before = i18n.locale;
    i18n.load('hi', messages);
    i18n.activate('hi');
    try {
      let cards = applyEvent([bestCard()], { event: 'model-start', data: { model: 'alpha', name: 'Alpha GPT' } });
      cards = applyEvent(cards, {
        event: 'model-error',
        data: { model: 'alpha', name: 'Alpha GPT', code: 'MODEL_TIMEOUT', detail: 'Alpha GPT did not answer within 30 s' },
      });
      expect(cards[1]?.failure).not.toMatch(/[A-Za-z]/);
      expect(cards[1]?.content).not.toMatch(/did not answer|Failed/);
    } finally {
      if (before) i18n.activate(before);
    }
  });
  it('a model cut half-way keeps the text it had streamed', () => {
    let cards = applyEvent([bestCard()], { event: 'model-start', data: { model: 'alpha', name: 'Alpha GPT' } });
    cards = applyEvent(cards, { event: 'model-delta', data: { model: 'alpha', name: 'Alpha GPT', delta: 'Half an ans' } });
    cards = applyEvent(cards, { event: 'model-error', data: { model: 'alpha', name: 'Alpha GPT', code: 'MODEL_FAILED', detail: 'cut' } });
    expect(cards[1]).toMatchObject({ content: 'Half an ans', status: 'error' });
  });
  it('a stopped model keeps its text and reads as stopped', () => {
    let cards = applyEvent([bestCard()], { event: 'model-start', data: { model: 'alpha', name: 'Alpha GPT' } });
    cards = applyEvent(cards, { event: 'model-delta', data: { model: 'alpha', name: 'Alpha GPT', delta: 'So far' } });
    cards = applyEvent(cards, {
      event: 'model-error',
      data: { model: 'alpha', name: 'Alpha GPT', code: 'MODEL_STOPPED', detail: 'stopped' },
    });
    expect(cards[1]).toMatchObject({ content: 'So far', status: 'stopped' });
  });
  it('a stored answer gives the fused card first, then each model with its outcome', () => {
    const cards = cardsOf(
      assistant({
        answers: [
          answer({ text: 'A' }),
          answer({
            modelId: 'beta',
            name: 'Beta Claude',
            status: 'timeout',
            text: '',
            error: { code: 'MODEL_TIMEOUT', detail: 'Too slow' },
          }),
          answer({ modelId: 'gamma', name: 'Gamma Gemini', status: 'stopped', text: 'Partial' }),
        ],
      }),
    );
    expect(cards.map((c) => [c.title, c.status, c.content])).toEqual([
      ['Sangam Answer', 'done', 'Fused'],
      ['Alpha GPT', 'done', 'A'],
      ['Beta Claude', 'error', 'Failed to generate response: Too slow'],
      ['Gamma Gemini', 'stopped', 'Partial'],
    ]);
  });
  it('an answer every model failed is one Error card', () => {
    const cards = cardsOf(
      assistant({ status: 'failed', content: '', answers: [answer({ status: 'failed', error: { code: 'MODEL_FAILED', detail: 'x' } })] }),
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      title: 'Error',
      content: 'Failed to generate response: Every AI model failed to answer. Please try again.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { battleRevealsIdentity, namesAModel } from '@/modules/arena/arena.identity';

const models = [
  { id: 'alpha', name: 'Alpha GPT' },
  { id: 'beta', name: 'Beta Claude' },
];

describe('answers that name their own model', () => {
  it.each([
    'I am Claude, an AI assistant.',
    "Hello! I'm ChatGPT and I can help.",
    'As an AI developed by OpenAI, I cannot browse.',
    'My name is Beta Claude.',
    'I am Alpha GPT.',
    'I was trained by Google DeepMind.',
    'I’m Gemini, made by Google.',
  ])('flags %j', (text) => {
    expect(namesAModel(text, models)).toBe(true);
  });

  it.each([
    'Recursion is when a function calls itself.',
    'The alphabet has 26 letters; I am sure of it.',
    'Claude Monet painted water lilies.',
    'As a rule, metaphors help.',
    'I am happy to help with the gamma function.',
    'Gemini is a zodiac sign.',
  ])('does not flag %j', (text) => {
    expect(namesAModel(text, models)).toBe(false);
  });

  it('checks both answers of a battle', () => {
    const b = { modelA: 'alpha', modelB: 'beta', nameA: 'Alpha GPT', nameB: 'Beta Claude', answerA: 'Fine.', answerB: 'I am Beta Claude.' };
    expect(battleRevealsIdentity(b)).toBe(true);
    expect(battleRevealsIdentity({ ...b, answerB: 'Fine too.' })).toBe(false);
  });

  it('reads only the start of a huge answer', () => {
    expect(namesAModel(`${'I am '.repeat(200_000)}Claude`, models)).toBe(false);
    expect(namesAModel(`I am Claude. ${'x'.repeat(1_000_000)}`, models)).toBe(true);
  });
});

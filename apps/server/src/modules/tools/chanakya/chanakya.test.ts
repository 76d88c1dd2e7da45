import { describe, expect, it } from 'vitest';
import { CHANAKYA_SYSTEM, CHANAKYA_VERSES, chanakyaTool } from '@/modules/tools/chanakya/chanakya.tool';
import { CHANAKYA_EDITION } from '@/modules/tools/chanakya/edition';

const check = async (answer: string) => {
  const r = await chanakyaTool.check({ answer, facts: undefined });
  return { text: r.answer, facts: { citations: r.facts?.citations ?? [], edition: r.facts?.edition ?? '' } };
};

describe('Chanakya Niti, cited as numbered in one named edition', () => {
  it('takes its 17 chapters and 335 verses from the Miles Davis (Patita Pavana Dasa) edition; chapter 6 ends at 6.22', () => {
    expect(CHANAKYA_VERSES).toHaveLength(17);
    expect(CHANAKYA_VERSES.reduce((a, b) => a + b, 0)).toBe(335);
    expect(CHANAKYA_VERSES[5]).toBe(22);
    expect(CHANAKYA_EDITION.name).toMatch(/Miles Davis/);
  });

  it('accepts 6.21 and 6.22 and rejects 6.23, in the "CN 2.4", "Chanakya Niti 2.4", "Chapter 2, Shloka 4" and "Chapter 2, Verse 4" forms', async () => {
    const { facts } = await check(
      'CN 6.21, Chanakya Niti 6.22, Chapter 6, Shloka 23, (Chapter 2, Verse 4), ch. 1, v. 17, CN 6.20-22, CN 17.22 and Chapter 18, Verse 1.',
    );
    expect(facts.citations.map((c) => [c.ref, c.isValid])).toEqual([
      ['CN 6.21', true],
      ['Chanakya Niti 6.22', true],
      ['Chapter 6, Shloka 23', false],
      ['Chapter 2, Verse 4', true],
      ['ch. 1, v. 17', true],
      ['CN 6.20-22', true],
      ['CN 17.22', false],
      ['Chapter 18, Verse 1', false],
    ]);
  });

  it('names the edition to the models and on the screen, under the answer', async () => {
    expect(CHANAKYA_SYSTEM).toContain(`cited as numbered in ${CHANAKYA_EDITION.name}`);
    const r = await check('Guard your secrets (Chapter 2, Verse 6).');
    expect(r.text).toMatch(/\n\n\*Verses cited as numbered in Sri Chanakya Niti-Shastra, translated by Miles Davis/);
    expect(r.facts.edition).toBe(CHANAKYA_EDITION.name);
  });

  it('sends the edition’s title and translator apart too, for the screen to word the rest in the reader’s language', async () => {
    const r = await chanakyaTool.check({ answer: 'Guard your secrets (Chapter 2, Verse 6).', facts: undefined });
    expect(r.facts?.editionBook).toEqual({ title: 'Sri Chanakya Niti-Shastra', translator: 'Miles Davis (Patita Pavana Dasa)' });
    expect(`${r.facts?.editionBook?.title}, translated by ${r.facts?.editionBook?.translator}`).toBe(CHANAKYA_EDITION.name);
  });
});

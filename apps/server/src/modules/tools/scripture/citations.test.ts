import { describe, expect, it } from 'vitest';
import { chanakyaTool } from '@/modules/tools/chanakya/chanakya.tool';
import { checkCitations } from '@/modules/tools/scripture/citations';
import { GITA_VERSES, QURAN_AYAHS } from '@/modules/tools/scripture/structures';

const only = (bookId: Parameters<typeof checkCitations>[0], text: string) => checkCitations(bookId, text).citations;

describe('scripture structures', () => {
  it('the Gita has 700 verses and the Quran 6236 ayahs in 114 surahs', () => {
    expect(GITA_VERSES.reduce((a, b) => a + b, 0)).toBe(700);
    expect(QURAN_AYAHS).toHaveLength(114);
    expect(QURAN_AYAHS.reduce((a, b) => a + b, 0)).toBe(6236);
  });
});

describe('citation checking', () => {
  it('accepts real Gita verses and marks invented ones', () => {
    const r = checkCitations('gita', 'See Bhagavad Gita 2.47 and Gita 18.78, but not Gita 19.1 or BG 2.73.');
    expect(r.citations.map((c) => [c.ref, c.isValid])).toEqual([
      ['Bhagavad Gita 2.47', true],
      ['Gita 18.78', true],
      ['Gita 19.1', false],
      ['BG 2.73', false],
    ]);
    expect(r.text).toContain('Gita 19.1 (reference not found)');
    expect(r.text).not.toContain('2.47 (reference not found)');
  });

  it('checks Quran surahs and ayahs', () => {
    expect(only('quran', 'Quran 2:255 and Quran 114:6 and Quran 115:1 and Quran 1:8').map((c) => c.isValid)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('quotes real Bible verses from the King James text and rejects invented ones', () => {
    const [john, jude] = only('bible', 'As John 3:16 says; compare Jude 1:26.');
    expect(john?.isValid).toBe(true);
    expect(john?.quote).toMatch(/^For God so loved the world/);
    expect(jude).toMatchObject({ ref: 'Jude 1:26', isValid: false });
    expect(only('bible', 'Psalm 23:1')[0]?.quote).toMatch(/The LORD is my shepherd/);
  });

  it('checks the Tanakh by its chapters, Angs of the Guru Granth Sahib, and the Pali, Jain and Avestan collections', () => {
    expect(only('torah', 'Deuteronomy 6:4 and Malachi 4:1 and Genesis 51:1').map((c) => c.isValid)).toEqual([true, false, false]);
    expect(only('guru-granth-sahib', 'Ang 1 and Ang 1430 and Ang 1431').map((c) => c.isValid)).toEqual([true, true, false]);
    expect(only('tripitaka', 'Dhammapada 183 and Majjhima Nikaya 153').map((c) => c.isValid)).toEqual([true, false]);
    expect(only('agamas', 'Uttaradhyayana Sutra 10 and Tattvartha Sutra 11.1').map((c) => c.isValid)).toEqual([true, false]);
    expect(only('avesta', 'Yasna 30 and Vendidad 23').map((c) => c.isValid)).toEqual([true, false]);
  });

  it('checks Chanakya Niti chapter and verse references against the 17 chapters', async () => {
    const r = await chanakyaTool.check({
      answer: 'As I taught (Chapter 1, Verse 1) and Chanakya Niti 17.1, not (Chapter 18, Verse 1) nor Chapter 2, Verse 40.',
      facts: undefined,
    });
    const cites = r.facts?.citations ?? [];
    expect(cites.map((c) => c.isValid)).toEqual([true, true, false, false]);
    expect(r.answer).toContain('Chapter 18, Verse 1 (reference not found)');
  });
});

import { surahNamesEn } from 'quran-meta/i18n';
import { describe, expect, it } from 'vitest';
import { checkCitations } from '@/modules/tools/scripture/citations';
import gitaChapters from '@/modules/tools/scripture/data/gita-chapters.json';
import { countTanakhVerses } from '@/modules/tools/scripture/data/tanakh-counts';
import tanakh from '@/modules/tools/scripture/data/tanakh-verses.json';
import { kjvTextBooks, kjvVerse } from '@/modules/tools/scripture/kjv';
import { ayahsIn, bibleParser, kjvBookFor, SURAH_COUNT, surahByName, tanakhChapters } from '@/modules/tools/scripture/sources';
import { GITA_VERSES, QURAN_AYAHS } from '@/modules/tools/scripture/structures';

describe('scripture data comes from its packages', () => {
  it('the Gita verse counts are the gita/gita data set’s, in the 700-verse numbering (13 without Arjuna’s opening question)', () => {
    expect(gitaChapters.source).toContain('c6fce39');
    expect(gitaChapters.chapters.map((c) => c.chapter)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(gitaChapters.chapters.reduce((a, c) => a + c.verses, 0)).toBe(701);
    GITA_VERSES.forEach((n, i) => {
      expect(n).toBe((gitaChapters.chapters[i]?.verses ?? 0) - (i === 12 ? 1 : 0));
    });
    expect(GITA_VERSES.reduce((a, b) => a + b, 0)).toBe(700);
    expect([GITA_VERSES[1], GITA_VERSES[12], GITA_VERSES[17]]).toEqual([72, 34, 78]);
    expect(checkCitations('gita', 'BG 13.34 and BG 13.35').citations.map((c) => c.status)).toEqual(['valid', 'invalid']);
  });

  it('the Tanakh verse counts are the morphhb package’s (WLC, Hebrew versification): 39 books, 929 chapters, 23,213 verses', () => {
    expect(tanakh.books).toEqual(countTanakhVerses());
    const books = Object.values(tanakh.books);
    expect(books).toHaveLength(39);
    expect(books.reduce((a, b) => a + b.length, 0)).toBe(929);
    expect(books.flat().reduce((a, b) => a + b, 0)).toBe(23_213);
    expect(tanakhChapters('Mal')).toEqual([14, 17, 24]);
    expect(tanakhChapters('Joel')).toEqual([20, 27, 5, 21]);
  });

  it('every book of the KJV text resolves through the reference parser, the Song of Solomon included', () => {
    const books = kjvTextBooks();
    expect(books).toHaveLength(66);
    const parser = bibleParser();
    const unresolved = books.filter((b) => {
      parser.parse(`${b} 1:1`);
      const osis = parser.osis().split('.')[0] ?? '';
      return kjvBookFor(osis) !== b;
    });
    expect(unresolved).toEqual([]);
    expect(kjvBookFor('Song')).toBe("Solomon's Song");
    expect(kjvVerse('Song of Solomon', 2, 1)).toMatch(/^I am the rose of Sharon/);
  });

  it('every book of the Tanakh resolves by its English name', () => {
    const parser = bibleParser();
    for (const osis of Object.keys(tanakh.books)) {
      const name = kjvBookFor(osis);
      expect(name, osis).toBeTruthy();
      parser.parse(`${name} 1:1`);
      expect(parser.osis().split('.')[0]).toBe(osis);
    }
  });

  it('the Quran has 114 surahs and 6236 ayahs (quran-meta), and every surah resolves by its transliterated and English names', () => {
    expect(SURAH_COUNT).toBe(114);
    expect(QURAN_AYAHS.reduce((a, b) => a + b, 0)).toBe(6236);
    expect(ayahsIn(2)).toBe(286);
    let englishAmbiguous = 0;
    for (let s = 1; s <= 114; s += 1) {
      const [transliterated = '', english = ''] = surahNamesEn[s] as string[];
      expect(surahByName(transliterated), transliterated).toBe(s);
      // An English name two surahs share ('The Dawn') is not used to decide.
      if (surahByName(english) === undefined) englishAmbiguous += 1;
      else expect(surahByName(english), english).toBe(s);
    }
    expect(englishAmbiguous).toBeLessThan(10);
  });
});

describe('citations in running text', () => {
  it('marks Song of Solomon verses valid with their KJV text, and every verse of a range', () => {
    const r = checkCitations('bible', 'Song of Solomon 2:1 and Jn 3:16-17, but not John 3:35-37.');
    expect(r.citations.map((c) => [c.ref, c.status])).toEqual([
      ['Song of Solomon 2:1', 'valid'],
      ['Jn 3:16-17', 'valid'],
      ['John 3:35-37', 'invalid'],
    ]);
    expect(r.citations[1]?.quote).toMatch(/^For God so loved the world.*For God sent not his Son/);
    expect(r.text).toContain('John 3:35-37 (reference not found)');
  });

  it('marks what it cannot check as "could not be checked", never passing it silently', () => {
    const r = checkCitations('gita', 'As BG 2.47 says, and as John 3:16 says, and chapter 4, ayah 2, at 10:30 we met.');
    expect(r.citations.map((c) => [c.ref, c.status])).toEqual([
      ['BG 2.47', 'valid'],
      ['John 3:16', 'unchecked'],
      ['chapter 4, ayah 2', 'unchecked'],
    ]);
    expect(r.text).toContain('John 3:16 (could not be checked)');
    expect(checkCitations('quran', 'At 10:30 we read Quran 2:255.').citations.map((c) => c.ref)).toEqual(['Quran 2:255']);
    expect(checkCitations('bible', 'It costs Rs. 5.50; see Version 2.1 and John 3:16.').citations.map((c) => c.ref)).toEqual(['John 3:16']);
    const bible = checkCitations('bible', 'Read chapter 3, verse 16 and Tobit 1:1.');
    expect(bible.citations.map((c) => c.status)).toEqual(['unchecked', 'unchecked']);
  });

  it('checks the Quran by surah name and number together', () => {
    const r = checkCitations('quran', 'Al-Baqarah 2:255, Al-Baqarah 3:5, Q 2:287 and chapter 2, verse 73.');
    expect(r.citations.map((c) => [c.ref, c.status])).toEqual([
      ['Al-Baqarah 2:255', 'valid'],
      ['Al-Baqarah 3:5', 'invalid'],
      ['Q 2:287', 'invalid'],
      ['chapter 2, verse 73', 'valid'],
    ]);
  });

  it('reads the Tanakh in its own versification: Malachi 3:22-24 and Joel 4 exist, Joel 4:22 does not', () => {
    const r = checkCitations('torah', 'Malachi 3:22-24, Joel 4:21, Joel 4:22 and Malachi 4:1; John 3:16 is not Tanakh.');
    expect(r.citations.map((c) => c.status)).toEqual(['valid', 'valid', 'invalid', 'invalid', 'unchecked']);
  });
});

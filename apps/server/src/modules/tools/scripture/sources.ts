import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';
import { getAyahCountInSurah, meta as quranMeta, type Surah } from 'quran-meta/hafs';
import { surahNamesEn } from 'quran-meta/i18n';
import tanakh from '@/modules/tools/scripture/data/tanakh-verses.json';
import { kjvChapterCount, kjvTextBooks, kjvVerseCountByName } from '@/modules/tools/scripture/kjv';

/**
 * The published data the citation checks rest on, each from a package:
 * - Bible book names, abbreviations and ranges: `bible-passage-reference-parser` 4.0.0 (MIT, Stephen Smith), English.
 * - The Bible's verses: the `kjv` package, King James Version, 1769 Oxford text (public domain); it names
 *   the Song of Solomon "Solomon's Song".
 * - The Hebrew Bible's chapters and verses in Hebrew versification: Open Scriptures Hebrew Bible
 *   (`morphhb` 2.0.2), Westminster Leningrad Codex 4.20 (text public domain, markup CC BY 4.0), counted
 *   into data/tanakh-verses.json at build time (data/generate-tanakh.ts) and tested against the package.
 * - The Quran's surahs, ayah counts and names: `quran-meta` 6.0.17 (MIT), Hafs 'an 'Asim riwaya, Kufan count.
 */
export const SOURCES = {
  bibleNames: 'bible-passage-reference-parser 4.0.0 (MIT)',
  kjv: 'King James Version, 1769 Oxford text, from the kjv package (public domain)',
  tanakh: tanakh.edition,
  quran: `quran-meta 6.0.17 (MIT), ${quranMeta.riwayaName} riwaya, ${quranMeta.numSurahs} surahs, ${quranMeta.numAyahs} ayahs`,
} as const;

let parser: bcv_parser | undefined;
/** The English Bible reference parser: every book, with apocrypha recognised so they can be marked as not checkable. */
export function bibleParser(): bcv_parser {
  if (!parser) {
    parser = new bcv_parser(en);
    parser.set_options({
      passage_existence_strategy: 'b',
      invalid_passage_strategy: 'include',
      invalid_sequence_strategy: 'include',
      osis_compaction_strategy: 'bcv',
      consecutive_combination_strategy: 'separate',
      sequence_combination_strategy: 'separate',
      book_alone_strategy: 'ignore',
      book_sequence_strategy: 'ignore',
      single_chapter_1_strategy: 'verse',
      testaments: 'ona',
    });
  }
  return parser;
}

/** OSIS book code ('Song', '1Cor') to the kjv package's book name ('Solomon's Song', '1 Corinthians'), found by parsing the package's own names. */
let kjvByOsis: Map<string, string> | undefined;
export function kjvBookFor(osis: string): string | undefined {
  if (!kjvByOsis) {
    kjvByOsis = new Map();
    for (const name of kjvTextBooks()) {
      const parser = bibleParser();
      parser.parse(`${name} 1:1`);
      const found = parser.osis().split('.')[0];
      if (found) kjvByOsis.set(found, name);
    }
  }
  return kjvByOsis.get(osis);
}

/** Verses in a chapter of the KJV by OSIS book (0 when the book or chapter does not exist there). */
export const kjvVerses = (osis: string, chapter: number) => {
  const book = kjvBookFor(osis);
  return book ? kjvVerseCountByName(book, chapter) : 0;
};
export const kjvChapters = (osis: string) => {
  const book = kjvBookFor(osis);
  return book ? kjvChapterCount(book) : 0;
};

const TANAKH = tanakh.books as Record<string, number[]>;
/** Verses in a chapter of the Hebrew Bible (Hebrew versification) by OSIS book; undefined for a book outside it. */
export const tanakhChapters = (osis: string) => TANAKH[osis];

/** Ayahs in a surah (0 for a surah that does not exist). */
export const ayahsIn = (surah: number) =>
  Number.isInteger(surah) && surah >= 1 && surah <= quranMeta.numSurahs ? getAyahCountInSurah(surah as Surah) : 0;
export const SURAH_COUNT = quranMeta.numSurahs;

/** A surah name folded for comparison: 'Al-Baqarah', 'al baqara' and 'Surat al-Baqara' all become 'baqara'. */
export function foldSurahName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^(?:surah|surat|sura)\s+/, '')
    .replace(/^(?:a[lnrsdtz]|ad|at|ash|as|az|adh|ath)[-\s'’]+/, '')
    .replace(/[^a-z]/g, '')
    .replace(/aa/g, 'a')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/h$/, '');
}
/** Surah numbers by folded transliterated and English names, from quran-meta's English names; a name two surahs share ('The Dawn') is left out. */
const SURAH_BY_NAME = new Map<string, number>();
surahNamesEn.forEach((names, i) => {
  if (i < 1 || i > quranMeta.numSurahs) return;
  for (const name of names as string[]) {
    const key = foldSurahName(name);
    const seen = SURAH_BY_NAME.get(key);
    SURAH_BY_NAME.set(key, seen === undefined || seen === i ? i : -1);
  }
});
export const surahByName = (name: string) => {
  const s = SURAH_BY_NAME.get(foldSurahName(name));
  return s === undefined || s < 0 ? undefined : s;
};

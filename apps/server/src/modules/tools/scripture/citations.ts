import type { CheckedCitation, ScriptureId } from '@sangam/contracts';
import { KJV_BOOKS, kjvVerse, kjvVerseCount } from '@/modules/tools/scripture/kjv';
import {
  AGAMA_CHAPTERS,
  AVESTA_CHAPTERS,
  GITA_VERSES,
  GURU_GRANTH_ANGS,
  QURAN_AYAHS,
  TANAKH_CHAPTERS,
  TRIPITAKA_UNITS,
} from '@/modules/tools/scripture/structures';

type Finder = { pattern: RegExp; check: (m: RegExpExecArray) => Omit<CheckedCitation, 'ref'> };

const n = (s: string | undefined) => Number.parseInt(s ?? '', 10);
const within = (x: number, max: number) => Number.isInteger(x) && x >= 1 && x <= max;
const names = (list: string[]) => list.map((b) => b.replace(/ /g, '\\s+')).join('|');
const ok = (quote?: string): Omit<CheckedCitation, 'ref'> => ({ isValid: true, ...(quote ? { quote } : {}) });
const bad = (note: string): Omit<CheckedCitation, 'ref'> => ({ isValid: false, note });

const gita: Finder = {
  pattern: /\b(?:Bhagavad\s+Gita|Gita|BG)\s+(\d{1,3})[.:](\d{1,3})\b/gi,
  check: (m) => {
    const c = n(m[1]);
    const v = n(m[2]);
    if (!within(c, 18)) return bad('The Bhagavad Gita has 18 chapters.');
    return within(v, GITA_VERSES[c - 1] ?? 0) ? ok() : bad(`Chapter ${c} has ${GITA_VERSES[c - 1]} verses.`);
  },
};

const quran: Finder = {
  pattern: /\b(?:Quran|Qur'?an|Surah)\s+(\d{1,3})[:.](\d{1,3})\b/gi,
  check: (m) => {
    const s = n(m[1]);
    const a = n(m[2]);
    if (!within(s, 114)) return bad('The Quran has 114 surahs.');
    return within(a, QURAN_AYAHS[s - 1] ?? 0) ? ok() : bad(`Surah ${s} has ${QURAN_AYAHS[s - 1]} ayahs.`);
  },
};

const bible: Finder = {
  pattern: new RegExp(`\\b(${names(KJV_BOOKS)})\\s+(\\d{1,3}):(\\d{1,3})\\b`, 'g'),
  check: (m) => {
    const book = (m[1] ?? '').replace(/\s+/g, ' ');
    const quote = kjvVerse(book, n(m[2]), n(m[3]));
    return quote ? ok(quote) : bad(`${book} ${m[2]}:${m[3]} is not in the King James text.`);
  },
};

const torah: Finder = {
  pattern: new RegExp(`\\b(${names(Object.keys(TANAKH_CHAPTERS))}|Psalm|Song of Solomon)\\s+(\\d{1,3}):(\\d{1,3})\\b`, 'g'),
  check: (m) => {
    const raw = (m[1] ?? '').replace(/\s+/g, ' ');
    const book = raw === 'Psalm' ? 'Psalms' : raw === 'Song of Solomon' ? 'Song of Songs' : raw;
    const c = n(m[2]);
    const v = n(m[3]);
    const chapters = TANAKH_CHAPTERS[book] ?? 0;
    if (!within(c, chapters)) return bad(`${book} has ${chapters} chapters.`);
    // Hebrew and English verse numbers differ by a few verses in places: allow that margin.
    const kjvCount = kjvVerseCount(book === 'Song of Songs' ? 'Song of Solomon' : book, c);
    return within(v, (kjvCount || 176) + 3) ? ok() : bad(`${book} ${c} has about ${kjvCount} verses.`);
  },
};

const guruGranth: Finder = {
  pattern: /\bAng\s+(\d{1,5})\b/gi,
  check: (m) => (within(n(m[1]), GURU_GRANTH_ANGS) ? ok() : bad(`The Guru Granth Sahib has ${GURU_GRANTH_ANGS} Angs.`)),
};

const numbered = (table: Record<string, number | { count: number; unit: string }>): Finder => ({
  pattern: new RegExp(`\\b(${names(Object.keys(table))})\\s+(\\d{1,4})(?:[.:](\\d{1,4}))?\\b`, 'g'),
  check: (m) => {
    const key = (m[1] ?? '').replace(/\s+/g, ' ');
    const entry = table[key];
    const max = typeof entry === 'number' ? entry : (entry?.count ?? 0);
    return within(n(m[2]), max) ? ok() : bad(`${key} has ${max} ${typeof entry === 'object' ? `${entry.unit}s` : 'chapters'}.`);
  },
});

const FINDERS: Record<ScriptureId, Finder[]> = {
  gita: [gita],
  quran: [quran],
  bible: [bible],
  torah: [torah],
  'guru-granth-sahib': [guruGranth],
  tripitaka: [numbered(TRIPITAKA_UNITS)],
  agamas: [numbered(AGAMA_CHAPTERS)],
  avesta: [numbered(AVESTA_CHAPTERS)],
};

/**
 * Finds the citations of an answer and checks each against the book's structure. A citation that
 * does not exist is marked in the text, never shown as real; KJV verses come with their text.
 */
export function checkCitations(bookId: ScriptureId, text: string, finders: Finder[] = FINDERS[bookId]) {
  const citations: CheckedCitation[] = [];
  let annotated = text;
  for (const finder of finders) {
    annotated = annotated.replace(finder.pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const ref = String(match[0]);
      const result = finder.check(match);
      if (!citations.some((c) => c.ref === ref)) citations.push({ ref, ...result });
      return result.isValid ? ref : `${ref} (reference not found)`;
    });
  }
  return { text: annotated, citations };
}

export type { Finder };

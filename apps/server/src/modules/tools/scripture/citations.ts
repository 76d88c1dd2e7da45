import type { CheckedCitation, ScriptureId } from '@sangam/contracts';
import { KJV_EDITION, kjvVerse } from '@/modules/tools/scripture/kjv';
import {
  ayahsIn,
  bibleParser,
  kjvBookFor,
  kjvChapters,
  kjvVerses,
  SURAH_COUNT,
  surahByName,
  tanakhChapters,
} from '@/modules/tools/scripture/sources';
import { AGAMA_CHAPTERS, AVESTA_CHAPTERS, GITA_VERSES, GURU_GRANTH_ANGS, TRIPITAKA_UNITS } from '@/modules/tools/scripture/structures';

type Result = Omit<CheckedCitation, 'ref'>;
type Found = { start: number; end: number; ref: string; result: Result };
/** A citation finder: a regular expression with a check per match, or a function that finds and checks. */
type Finder = { pattern: RegExp; check: (m: RegExpExecArray) => Result | null } | { find: (text: string) => Found[] };

const n = (s: string | undefined) => Number.parseInt(s ?? '', 10);
const within = (x: number, max: number) => Number.isInteger(x) && x >= 1 && x <= max;
const names = (list: string[]) => list.map((b) => b.replace(/ /g, '\\s+')).join('|');
export const ok = (quote?: string): Result => ({ isValid: true, status: 'valid', ...(quote ? { quote } : {}) });
export const bad = (note: string): Result => ({ isValid: false, status: 'invalid', note });
export const unchecked = (note: string): Result => ({ isValid: false, status: 'unchecked', note });

/** Every verse of a range 'c1:v1-c2:v2' exists when each chapter's verses are counted by `versesIn`. */
function checkRange(label: string, versesIn: (chapter: number) => number, chapters: number, r: Range): Result {
  if (r.chapterOnly) {
    for (let c = r.c1; c <= r.c2; c += 1) if (!within(c, chapters)) return bad(`${label} has ${chapters} chapters.`);
    return r.c1 <= r.c2 ? ok() : bad('The range runs backwards.');
  }
  if (r.c1 > r.c2 || (r.c1 === r.c2 && r.v1 > r.v2)) return bad('The range runs backwards.');
  for (let c = r.c1; c <= r.c2; c += 1) {
    if (!within(c, chapters)) return bad(`${label} has ${chapters} chapters.`);
    const count = versesIn(c);
    const from = c === r.c1 ? r.v1 : 1;
    const to = c === r.c2 ? r.v2 : count;
    for (let v = from; v <= to; v += 1) if (!within(v, count)) return bad(`${label} ${c} has ${count} verses.`);
  }
  return ok();
}

type Range = { book: string; c1: number; v1: number; c2: number; v2: number; chapterOnly: boolean };
/** 'John.3.16', 'John.3.16-John.3.18', 'Ps.23.1-Ps.23.999' (a whole chapter: no verse written) as a range. */
function osisRange(osis: string, ref: string): Range | undefined {
  const [a, b] = osis.split('-');
  const p = (a ?? '').split('.');
  const q = (b ?? a ?? '').split('.');
  if (p.length < 2 || (b && q[0] !== p[0])) return undefined;
  const chapterOnly = !/[:.]\s*\d|\bv(?:erses?|v?\.)/i.test(ref.replace(/^\s*[1-3]?\s*[A-Za-z.’' ]+\s*/, ''));
  const c1 = n(p[1]);
  const c2 = n(q[1] ?? p[1]);
  return { book: p[0] ?? '', c1, v1: n(p[2] ?? '1'), c2, v2: n(q[2] ?? p[2] ?? '1'), chapterOnly };
}

/** The Bible references in a text with their OSIS form and where they stand. */
function parseBible(text: string) {
  const parser = bibleParser();
  parser.parse(text);
  return parser.osis_and_indices();
}

const NT = new Set(
  '1Cor 1John 1Pet 1Thess 1Tim 2Cor 2John 2Pet 2Thess 2Tim 3John Acts Col Eph Gal Heb Jas John Jude Luke Mark Matt Phil Phlm Rev Rom Titus'.split(
    ' ',
  ),
);

/** A finder over the references the Bible parser reads: a range across books cannot be checked; `check` decides the others. */
const parsedReferences = (check: (ref: string, r: Range) => Result): Finder => ({
  find: (text) =>
    parseBible(text).map(({ osis, indices }) => {
      const ref = text.slice(indices[0], indices[1]);
      const r = osisRange(osis, ref);
      const result = r ? check(ref, r) : unchecked('A reference across books could not be checked.');
      return { start: indices[0], end: indices[1], ref, result };
    }),
});

/** Bible references (any English name or abbreviation the parser knows), checked against the KJV text, every verse of a range. */
const bible = parsedReferences((ref, r) => {
  const book = kjvBookFor(r.book);
  if (!book) return unchecked(`${ref} is outside the King James text we check against.`);
  const result = checkRange(book, (c) => kjvVerses(r.book, c), kjvChapters(r.book), r);
  if (!result.isValid || r.chapterOnly) return result;
  const quote = [r.v1, r.v1 + 1, r.v1 + 2]
    .filter((v) => r.c1 === r.c2 && v <= r.v2)
    .map((v) => kjvVerse(book, r.c1, v))
    .join(' ');
  return {
    ...ok(r.c1 !== r.c2 || r.v2 > r.v1 + 2 ? `${quote || kjvVerse(book, r.c1, r.v1)} …` : quote),
    quoteSource: KJV_EDITION,
  };
});

/** Hebrew Bible references, checked against the Westminster Leningrad Codex's own chapters and verses (Malachi 3:24, Joel 4:21). */
const tanakh = parsedReferences((ref, r) => {
  const chapters = tanakhChapters(r.book);
  if (!chapters)
    return unchecked(NT.has(r.book) ? `${ref} is not in the Hebrew Bible.` : `${ref} is outside the Hebrew Bible text we check against.`);
  return checkRange(ref.replace(/\s*\d[\d:.,\s–-]*$/, ''), (c) => chapters[c - 1] ?? 0, chapters.length, r);
});

/** Words that may stand before a time ('At 10:30'), not a book. */
const NOT_BOOKS = new Set(
  'at by from until till around about before after since on and or to the of in rs no vol version fig figure page pp section sec step table level phase part'.split(
    ' ',
  ),
);
const LOOSE =
  /\b((?:[1-3]\s?)?[A-Z][a-z’']+(?:[\s-](?:of\s+)?[A-Z][a-z’']+)*)\.?\s+(\d{1,3})\s*[:.]\s*(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?\b/g;

/**
 * 'Book C:V' that the finders before it did not read: a Bible book the parser refused (as it refuses
 * 'Obadiah 2:1' for a one-chapter book) is checked by its chapters here; any other name is marked
 * "could not be checked" rather than passed.
 */
const loose = (chaptersOf: (osis: string) => number | undefined, label: string): Finder => ({
  pattern: LOOSE,
  check: (m) => {
    const name = m[1] ?? '';
    if (NOT_BOOKS.has(name.toLowerCase())) return null;
    const parser = bibleParser();
    parser.parse(`${name} 1:1`);
    const osis = parser.osis().split('.')[0];
    const chapters = osis ? chaptersOf(osis) : undefined;
    if (!chapters) return unchecked(`"${name}" is not a book we can check in ${label}.`);
    return within(n(m[2]), chapters) ? unchecked(`${m[0]} could not be read as a reference.`) : bad(`${name} has ${chapters} chapters.`);
  },
});
const anyBook = (label: string) => loose(() => undefined, label);

const verseWord = String.raw`(?:verses?|vv?\.?|ayahs?|ayat|āyah|ayats?)`;
const range = String.raw`(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?`;

function checkQuran(surah: number, a1: number, a2: number, named?: string): Result {
  if (!within(surah, SURAH_COUNT)) return bad(`The Quran has ${SURAH_COUNT} surahs.`);
  if (named) {
    const byName = surahByName(named);
    if (byName === undefined) return unchecked(`"${named}" is not a surah name we know; surah ${surah} was checked by number only.`);
    if (byName !== surah) return bad(`${named} is surah ${byName}, not ${surah}.`);
  }
  const count = ayahsIn(surah);
  if (a2 < a1) return bad('The range runs backwards.');
  return within(a1, count) && within(a2, count) ? ok() : bad(`Surah ${surah} has ${count} ayahs.`);
}

/** Quran citations: 'Quran 2:255', 'Q 2:287', 'Qur'an 2:255-257', 'Surah 2:255', 'Al-Baqarah 2:287', 'Surah Al-Baqarah, verse 255', 'chapter 2, verse 73'. */
const quranForms: Finder[] = [
  {
    pattern: new RegExp(String.raw`\b(?:Qur['’]?an|Koran|Q\.?|Surah|Surat|Sura)\s*(\d{1,3})\s*[:.]\s*` + range, 'gi'),
    check: (m) => checkQuran(n(m[1]), n(m[2]), n(m[3] ?? m[2])),
  },
  {
    // A surah name before the numbers: 'Surah Al-Baqarah 2:255', 'Al-Baqarah (2:255)'.
    pattern: new RegExp(
      String.raw`\b(?:(?:Surah|Surat|Sura)\s+)?((?:A[lnrsdtz]|As|Ash|Adh|Ath)[-\s’'][A-Z][a-zA-Z’'-]+|[A-Z][a-z’']*(?:-[A-Z]?[a-z’']+)*(?=\s*\(?\d{1,3}\s*:))\s*\(?\s*(\d{1,3})\s*:\s*` +
        range +
        String.raw`\)?`,
      'g',
    ),
    check: (m) => (NOT_BOOKS.has((m[1] ?? '').toLowerCase()) ? null : checkQuran(n(m[2]), n(m[3]), n(m[4] ?? m[3]), m[1])),
  },
  {
    // 'Surah Al-Baqarah, verse 255' and 'Surah Yaseen, ayah 1'.
    pattern: new RegExp(
      String.raw`\b(?:Surah|Surat|Sura)\s+((?:[A-Z][a-zA-Z’'-]+)(?:[\s-][A-Z][a-zA-Z’'-]+)?)\s*,?\s*` + verseWord + String.raw`\s+` + range,
      'g',
    ),
    check: (m) => {
      const surah = surahByName(m[1] ?? '');
      return surah === undefined ? bad(`"${m[1]}" is not a surah of the Quran.`) : checkQuran(surah, n(m[2]), n(m[3] ?? m[2]));
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:chapter|surah|sura)\s+(\d{1,3})\s*,?\s*` + verseWord + String.raw`\s+` + range, 'gi'),
    check: (m) => checkQuran(n(m[1]), n(m[2]), n(m[3] ?? m[2])),
  },
];

function checkGita(c: number, v1: number, v2: number): Result {
  if (!within(c, 18)) return bad('The Bhagavad Gita has 18 chapters.');
  const count = GITA_VERSES[c - 1] ?? 0;
  if (v2 < v1) return bad('The range runs backwards.');
  return within(v1, count) && within(v2, count) ? ok() : bad(`Chapter ${c} has ${count} verses.`);
}
/** Gita citations: 'Bhagavad Gita 2.47', 'Gita 2:47', 'BG 2.47-48', 'Chapter 2, Verse 47', 'chapter 2 verse 47'. */
const gitaForms: Finder[] = [
  {
    pattern: new RegExp(String.raw`\b(?:Bhagavad[\s-]+Gita|Bhagavadgita|Gita|BG)\s+(\d{1,3})\s*[.:]\s*` + range, 'gi'),
    check: (m) => checkGita(n(m[1]), n(m[2]), n(m[3] ?? m[2])),
  },
  {
    pattern: new RegExp(String.raw`\bchapter\s+(\d{1,3})\s*,?\s*(?:verses?|shlokas?|slokas?)\s+` + range, 'gi'),
    check: (m) => checkGita(n(m[1]), n(m[2]), n(m[3] ?? m[2])),
  },
];

/** 'chapter 3, verse 16' with no book named: it cannot be checked, and is marked so rather than passed. */
const bookless: Finder = {
  pattern: new RegExp(String.raw`\bchapter\s+\d{1,3}\s*,?\s*` + verseWord + String.raw`\s+\d{1,3}(?:\s*[-–]\s*\d{1,3})?`, 'gi'),
  check: () => unchecked('No book is named, so this reference could not be checked.'),
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
  gita: [...gitaForms, bookless, anyBook('the Bhagavad Gita')],
  quran: [...quranForms, bookless, anyBook('the Quran')],
  bible: [bible, bookless, loose((osis) => kjvChapters(osis) || undefined, 'the King James text')],
  torah: [tanakh, bookless, loose((osis) => tanakhChapters(osis)?.length, 'the Hebrew Bible')],
  'guru-granth-sahib': [guruGranth, bookless, anyBook('the Guru Granth Sahib')],
  tripitaka: [numbered(TRIPITAKA_UNITS), bookless, anyBook('the Pali Canon')],
  agamas: [numbered(AGAMA_CHAPTERS), bookless, anyBook('the Jain Agamas')],
  avesta: [numbered(AVESTA_CHAPTERS), bookless, anyBook('the Avesta')],
};

function run(finder: Finder, text: string): Found[] {
  if ('find' in finder) return finder.find(text);
  const out: Found[] = [];
  for (const m of text.matchAll(
    new RegExp(finder.pattern.source, finder.pattern.flags.includes('g') ? finder.pattern.flags : `${finder.pattern.flags}g`),
  )) {
    const ref = m[0].replace(/[\s,]+$/, '');
    const result = finder.check(m as RegExpExecArray);
    if (result) out.push({ start: m.index ?? 0, end: (m.index ?? 0) + ref.length, ref, result });
  }
  return out;
}

const MARK: Record<NonNullable<CheckedCitation['status']>, string> = {
  valid: '',
  invalid: ' (reference not found)',
  unchecked: ' (could not be checked)',
};

/**
 * Finds the citations of an answer and checks each against the book's published structure: valid,
 * invalid ("reference not found") or "could not be checked", never silently passed. Earlier finders
 * win where two read the same words. KJV verses come with their text.
 */
export function checkCitations(bookId: ScriptureId, text: string) {
  return checkCitationsWith(FINDERS[bookId], text);
}

/** The same check with a text's own finders (the Chanakya Niti's, which is not one of the eight books). */
export function checkCitationsWith(finders: Finder[], text: string) {
  const claimed: Found[] = [];
  for (const finder of finders)
    for (const f of run(finder, text)) if (!claimed.some((c) => f.start < c.end && c.start < f.end)) claimed.push(f);
  claimed.sort((a, b) => a.start - b.start);
  const citations: CheckedCitation[] = [];
  let annotated = '';
  let at = 0;
  for (const f of claimed) {
    const status = f.result.status ?? (f.result.isValid ? 'valid' : 'invalid');
    annotated += text.slice(at, f.end) + MARK[status];
    at = f.end;
    if (!citations.some((c) => c.ref === f.ref)) citations.push({ ref: f.ref, ...f.result, status });
  }
  return { text: annotated + text.slice(at), citations };
}

export type { Finder };

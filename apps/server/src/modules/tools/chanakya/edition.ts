/**
 * The numbered edition the Chanakya Niti tool cites: "Sri Chanakya Niti-Shastra: The Political Ethics
 * of Chanakya Pandit", English translation by Miles Davis (Patita Pavana Dasa) with Pandit
 * V. Badarayana Murthy, 17 chapters (the English text published on Wisdomlib as "Chanakya Niti").
 *
 * No package carries this (or any) edition of the Chanakya Niti. The verse counts below are the
 * highest verse number of each chapter in the verse-numbered JSON of that text in the public
 * repository gita/Datasets (chanakya/Chanakya-Niti/chapter1.json ... chapter17.json, commit
 * 3b4b64b1503191bea71e42f85f5b7753363337e3, February 2023, scraped from Wisdomlib), counted by
 * machine, not retyped from memory. That scrape skips a few numbers inside chapters (5.16, 8.2,
 * 8.11-12, 11.4, 11.11, 16.1, 16.5, 16.7, 16.12, 17.7, 17.11, 17.13, 17.20); the edition has them,
 * so they are accepted. Chapter 6 ends at 6.22 ("He who shall practice these twenty virtues..."),
 * so 6.21 and 6.22 are real.
 */
export const CHANAKYA_EDITION = {
  name: 'Sri Chanakya Niti-Shastra, translated by Miles Davis (Patita Pavana Dasa)',
  /** The name's two parts, for a screen to write "translated by" in its own language. */
  book: { title: 'Sri Chanakya Niti-Shastra', translator: 'Miles Davis (Patita Pavana Dasa)' },
  short: 'Sri Chanakya Niti-Shastra (tr. Miles Davis)',
  source: 'gita/Datasets chanakya/Chanakya-Niti, commit 3b4b64b (Wisdomlib text), highest verse number per chapter',
  verses: [17, 20, 20, 19, 23, 22, 21, 23, 13, 17, 18, 23, 21, 19, 18, 20, 21],
} as const;

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Verses per chapter of each book of the Hebrew Bible in its own (Hebrew) versification, counted from
 * the OSIS files of the Open Scriptures Hebrew Bible (`morphhb` package, its `wlc/` directory: the
 * Westminster Leningrad Codex, WLC 4.20). The WLC text is in the public domain; the OSHB markup is
 * CC BY 4.0: "Original work of the Open Scriptures Hebrew Bible available at
 * https://github.com/openscriptures/morphhb".
 *
 * `morphhb` is a development dependency (94 MB): `npm run gen:tanakh -w @sangam/server` writes
 * tanakh-verses.json from it, and scripture-sources.test.ts checks that file against the package.
 * (The package's index.js is in KJV versification: Malachi 4, Joel 3; the wlc/ files keep the Hebrew.)
 */
export function countTanakhVerses(): Record<string, number[]> {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('morphhb/package.json')), 'wlc');
  const books: Record<string, number[]> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml') && f !== 'VerseMap.xml')) {
    const xml = readFileSync(join(dir, file), 'utf8');
    for (const m of xml.matchAll(/<verse osisID="([1-3A-Za-z]+)\.(\d+)\.(\d+)"/g)) {
      const [book, chapter, verse] = [m[1] ?? '', Number(m[2]), Number(m[3])];
      const chapters = books[book] ?? [];
      books[book] = chapters;
      chapters[chapter - 1] = Math.max(chapters[chapter - 1] ?? 0, verse);
    }
  }
  return books;
}

export const TANAKH_SOURCE = {
  package: 'morphhb',
  edition: 'Open Scriptures Hebrew Bible (morphhb 2.0.2), Westminster Leningrad Codex 4.20, Hebrew versification',
  licence: 'WLC text public domain; OSHB markup CC BY 4.0',
};

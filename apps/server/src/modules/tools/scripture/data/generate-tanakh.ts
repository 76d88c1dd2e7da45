import { writeFileSync } from 'node:fs';
import { countTanakhVerses, TANAKH_SOURCE } from './tanakh-counts';

/** Writes tanakh-verses.json from the morphhb package (see tanakh-counts.ts). */
const books = countTanakhVerses();
writeFileSync(new URL('./tanakh-verses.json', import.meta.url), `${JSON.stringify({ ...TANAKH_SOURCE, books })}\n`);

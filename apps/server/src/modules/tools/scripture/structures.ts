import gitaChapters from '@/modules/tools/scripture/data/gita-chapters.json';
import { ayahsIn, SURAH_COUNT } from '@/modules/tools/scripture/sources';

/**
 * Verses per chapter of the Bhagavad Gita in the Gita Press numbering (700 verses), from the gita/gita
 * data set's chapter table (701 verses): that numbering opens chapter 13 with Arjuna's question, which
 * the Gita Press numbering leaves unnumbered, so chapter 13 has one verse less here.
 */
export const GITA_VERSES: readonly number[] = gitaChapters.chapters.map((c) => (c.chapter === 13 ? c.verses - 1 : c.verses));

/** Ayahs per surah of the Quran (114 surahs, 6236 ayahs, Hafs riwaya, Kufan count), from the quran-meta package. */
export const QURAN_AYAHS: readonly number[] = Array.from({ length: SURAH_COUNT }, (_, i) => ayahsIn(i + 1));

/** The Guru Granth Sahib is cited by Ang (page) of the standard 1430-page edition. */
export const GURU_GRANTH_ANGS = 1430;

/** Numbered units of the Pali Canon collections most often cited. */
export const TRIPITAKA_UNITS: Record<string, { unit: string; count: number }> = {
  Dhammapada: { unit: 'verse', count: 423 },
  'Digha Nikaya': { unit: 'sutta', count: 34 },
  'Majjhima Nikaya': { unit: 'sutta', count: 152 },
  'Samyutta Nikaya': { unit: 'samyutta', count: 56 },
  'Anguttara Nikaya': { unit: 'nipata', count: 11 },
  'Sutta Nipata': { unit: 'sutta', count: 73 },
  Itivuttaka: { unit: 'sutta', count: 112 },
  Udana: { unit: 'chapter', count: 8 },
  Theragatha: { unit: 'chapter', count: 21 },
};

/** Chapters (lectures) of the Jain texts most often cited. */
export const AGAMA_CHAPTERS: Record<string, number> = {
  'Uttaradhyayana Sutra': 36,
  'Dasavaikalika Sutra': 10,
  'Tattvartha Sutra': 10,
  'Acaranga Sutra': 2,
  Sutrakritanga: 2,
  'Kalpa Sutra': 3,
};

/** Chapters of the Avesta's books (Yasna 28-34, 43-51 and 53 are the Gathas). */
export const AVESTA_CHAPTERS: Record<string, number> = { Yasna: 72, Visperad: 24, Vendidad: 22, Yasht: 21 };

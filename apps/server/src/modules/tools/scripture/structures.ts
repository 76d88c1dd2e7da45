import { ayahsIn, SURAH_COUNT } from '@/modules/tools/scripture/sources';

/** Verses per chapter of the Bhagavad Gita (700 verses, Gita Press numbering; editions that open chapter 13 with Arjuna's question count 35 there). */
export const GITA_VERSES = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 34, 27, 20, 24, 28, 78];

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

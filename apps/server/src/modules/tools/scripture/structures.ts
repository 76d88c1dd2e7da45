/** Verses per chapter of the Bhagavad Gita (700 verses, Gita Press numbering; editions that open chapter 13 with Arjuna's question count 35 there). */
export const GITA_VERSES = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 34, 27, 20, 24, 28, 78];

/** Ayahs per surah of the Quran (114 surahs, 6236 ayahs, the Kufan count of the Hafs reading). */
export const QURAN_AYAHS = [
  7, 286, 200, 176, 120, 165, 206, 75, 129, 109, 123, 111, 43, 52, 99, 128, 111, 110, 98, 135, 112, 78, 118, 64, 77, 227, 93, 88, 69, 60,
  34, 30, 73, 54, 45, 83, 182, 88, 75, 85, 54, 53, 89, 59, 37, 35, 38, 29, 18, 45, 60, 49, 62, 55, 78, 96, 29, 22, 24, 13, 14, 11, 11, 18,
  12, 12, 30, 52, 52, 44, 28, 28, 20, 56, 40, 31, 50, 40, 46, 42, 29, 19, 36, 25, 22, 17, 19, 26, 30, 20, 15, 21, 11, 8, 8, 19, 5, 8, 8, 11,
  11, 8, 3, 9, 5, 4, 7, 3, 6, 3, 5, 4, 5, 6,
];

/** The Guru Granth Sahib is cited by Ang (page) of the standard 1430-page edition. */
export const GURU_GRANTH_ANGS = 1430;

/** Chapters of the books of the Tanakh in Jewish numbering. */
export const TANAKH_CHAPTERS: Record<string, number> = {
  Genesis: 50,
  Exodus: 40,
  Leviticus: 27,
  Numbers: 36,
  Deuteronomy: 34,
  Joshua: 24,
  Judges: 21,
  '1 Samuel': 31,
  '2 Samuel': 24,
  '1 Kings': 22,
  '2 Kings': 25,
  Isaiah: 66,
  Jeremiah: 52,
  Ezekiel: 48,
  Hosea: 14,
  Joel: 4,
  Amos: 9,
  Obadiah: 1,
  Jonah: 4,
  Micah: 7,
  Nahum: 3,
  Habakkuk: 3,
  Zephaniah: 3,
  Haggai: 2,
  Zechariah: 14,
  Malachi: 3,
  Psalms: 150,
  Proverbs: 31,
  Job: 42,
  'Song of Songs': 8,
  Ruth: 4,
  Lamentations: 5,
  Ecclesiastes: 12,
  Esther: 10,
  Daniel: 12,
  Ezra: 10,
  Nehemiah: 13,
  '1 Chronicles': 29,
  '2 Chronicles': 36,
};

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

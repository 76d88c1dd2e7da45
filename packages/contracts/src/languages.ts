import { z } from 'zod';

/**
 * The languages Sangam speaks: English (the source) and ten Indian languages. Each is listed in its own
 * script (what a language menu shows) with the Unicode script its text is written in.
 */
export const LOCALES = [
  { code: 'en', nativeName: 'English', englishName: 'English', script: 'Latin' },
  { code: 'hi', nativeName: 'हिन्दी', englishName: 'Hindi', script: 'Devanagari' },
  { code: 'bn', nativeName: 'বাংলা', englishName: 'Bengali', script: 'Bengali' },
  { code: 'mr', nativeName: 'मराठी', englishName: 'Marathi', script: 'Devanagari' },
  { code: 'te', nativeName: 'తెలుగు', englishName: 'Telugu', script: 'Telugu' },
  { code: 'ta', nativeName: 'தமிழ்', englishName: 'Tamil', script: 'Tamil' },
  { code: 'gu', nativeName: 'ગુજરાતી', englishName: 'Gujarati', script: 'Gujarati' },
  { code: 'kn', nativeName: 'ಕನ್ನಡ', englishName: 'Kannada', script: 'Kannada' },
  { code: 'ml', nativeName: 'മലയാളം', englishName: 'Malayalam', script: 'Malayalam' },
  { code: 'or', nativeName: 'ଓଡ଼ିଆ', englishName: 'Odia', script: 'Oriya' },
  { code: 'pa', nativeName: 'ਪੰਜਾਬੀ', englishName: 'Punjabi', script: 'Gurmukhi' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export const LOCALE_CODES = LOCALES.map((l) => l.code) as [LocaleCode, ...LocaleCode[]];
export const localeSchema = z.enum(LOCALE_CODES);
export const DEFAULT_LOCALE: LocaleCode = 'en';

/**
 * The first of the browser's languages (`navigator.languages`, most preferred first) that Sangam ships,
 * matched on the primary subtag (`hi-IN` is Hindi, `pa-Guru-IN` is Punjabi), else English.
 */
export function pickLocale(preferred: readonly string[]): LocaleCode {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const match = LOCALES.find((l) => l.code === primary);
    if (match) return match.code;
  }
  return DEFAULT_LOCALE;
}

/** "Answer in": the language of the question (the default) or one fixed language. */
export const answerLanguageSchema = z.union([z.literal('same'), localeSchema]);
export type AnswerLanguage = z.infer<typeof answerLanguageSchema>;

/** A detected question language: a locale, or Hindi written in Latin letters (Hinglish). */
export type QuestionLanguage = LocaleCode | 'hi-Latn';

/** Script ranges of the Indian scripts (Unicode blocks). Devanagari is shared by Hindi and Marathi. */
const SCRIPT_RANGES: { locale: LocaleCode; from: number; to: number }[] = [
  { locale: 'hi', from: 0x0900, to: 0x097f },
  { locale: 'bn', from: 0x0980, to: 0x09ff },
  { locale: 'pa', from: 0x0a00, to: 0x0a7f },
  { locale: 'gu', from: 0x0a80, to: 0x0aff },
  { locale: 'or', from: 0x0b00, to: 0x0b7f },
  { locale: 'ta', from: 0x0b80, to: 0x0bff },
  { locale: 'te', from: 0x0c00, to: 0x0c7f },
  { locale: 'kn', from: 0x0c80, to: 0x0cff },
  { locale: 'ml', from: 0x0d00, to: 0x0d7f },
];

/** Words that occur in Marathi and hardly ever in Hindi; they tell the two Devanagari languages apart. */
const MARATHI_MARKERS = ['आहे', 'आहेत', 'नाही', 'काय', 'मला', 'तुम्ही', 'आणि', 'कसे', 'माझे', 'मध्ये'];

/**
 * Common Hindi function words written in Latin letters. Two or more of them in a short question mark
 * it as romanised Hindi ("mujhe ek recipe batao kya banana hai"); English questions rarely contain them.
 */
const HINGLISH_MARKERS = new Set(
  `hai hain kya kaise kyun kyon mujhe mera meri mere tum aap hum nahi nahin batao bataiye karo kare karna kaun kab kahan ka
   ki ke ko se mein aur bhi yeh ye woh wo tha thi hoga chahiye accha acha kuch sab bahut zyada kitna kitne abhi jaldi samjhao likho`.split(
    /\s+/,
  ),
);

/**
 * The language a question is written in, from its letters: the Indian script with the most letters
 * (Devanagari read as Marathi when Marathi marker words appear), else romanised Hindi when at least two
 * Hindi function words appear and they make up a fifth of the words, else English.
 */
export function detectQuestionLanguage(text: string): QuestionLanguage {
  const counts = new Map<LocaleCode, number>();
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const range = SCRIPT_RANGES.find((r) => code >= r.from && code <= r.to);
    if (range) counts.set(range.locale, (counts.get(range.locale) ?? 0) + 1);
  }
  const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (top) {
    if (top[0] === 'hi' && MARATHI_MARKERS.some((w) => text.includes(w))) return 'mr';
    return top[0];
  }
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  const hinglish = words.filter((w) => HINGLISH_MARKERS.has(w)).length;
  if (hinglish >= 2 && hinglish * 5 >= words.length) return 'hi-Latn';
  return 'en';
}

/** The language an answer is written in: the fixed choice, or the question's own language. */
export function answerLanguageFor({ setting, question }: { setting: AnswerLanguage; question: string }): QuestionLanguage {
  return setting === 'same' ? detectQuestionLanguage(question) : setting;
}

/**
 * The instruction every model call carries so that its prose is in the answer language. Computed facts,
 * names of models and books, and scripture quoted in its own script stay as they are.
 */
export function answerLanguageInstruction(language: QuestionLanguage): string {
  if (language === 'en') return 'Write your answer in English.';
  if (language === 'hi-Latn') {
    return 'Write your answer in Hindi using Latin letters (romanised Hindi, as the question is written), not in Devanagari.';
  }
  const locale = LOCALES.find((l) => l.code === language);
  const name = locale ? `${locale.englishName} (${locale.nativeName}, ${locale.script} script)` : language;
  return `Write your answer in ${name}. Keep numbers, model and book names as they are, and quote scripture in its own script.`;
}

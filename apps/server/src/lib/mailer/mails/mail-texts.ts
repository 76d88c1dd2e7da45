import { BRAND, DEFAULT_LOCALE, type LocaleCode } from '@sangam/contracts';

/**
 * One mail's words in one language: its subject, its heading and its paragraphs. Placeholders are
 * named in braces ({brand}, {code}, {username}, {support}) and filled by `fill`.
 */
export type MailWords = { subject: string; title: string; paragraphs: string[] };
/** A mail in every language Sangam speaks, keyed by locale. */
export type MailTexts = Record<LocaleCode, MailWords>;

/** The values every mail may name; a mail adds its own ({code}, {username}). */
const COMMON = { brand: BRAND.name, support: BRAND.supportEmail };

/** Fills the named placeholders of `template`; one with no value stays as written. */
export function fill(template: string, values: Record<string, string>): string {
  const all: Record<string, string> = { ...COMMON, ...values };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => all[name] ?? whole);
}

/** A mail's words in `locale` with its placeholders filled (English for a language it lacks). */
export function wordsOf(texts: MailTexts, locale: LocaleCode, values: Record<string, string> = {}): MailWords {
  const words = texts[locale] ?? texts[DEFAULT_LOCALE];
  return {
    subject: fill(words.subject, values),
    title: fill(words.title, values),
    paragraphs: words.paragraphs.map((p) => fill(p, values)),
  };
}

/** The text part's line before a code: "Your code: {code}". */
export const CODE_LINE: Record<LocaleCode, string> = {
  en: 'Your code: {code}',
  hi: 'आपका कोड: {code}',
  bn: 'আপনার কোড: {code}',
  mr: 'तुमचा कोड: {code}',
  te: 'మీ కోడ్: {code}',
  ta: 'உங்கள் குறியீடு: {code}',
  gu: 'તમારો કોડ: {code}',
  kn: 'ನಿಮ್ಮ ಕೋಡ್: {code}',
  ml: 'നിങ്ങളുടെ കോഡ്: {code}',
  or: 'ଆପଣଙ୍କ କୋଡ୍: {code}',
  pa: 'ਤੁਹਾਡਾ ਕੋਡ: {code}',
};

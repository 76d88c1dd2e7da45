import { i18n, type Messages } from '@lingui/core';
import { type LocaleCode, localeSchema, pickLocale } from '@sangam/contracts';
import { messages as englishMessages } from '@/locales/en.po';

/** A locale of the interface: a shipped language, or the pseudo-locale of tests (accented, longer text). */
export type UiLocale = LocaleCode | typeof PSEUDO_LOCALE;
export const PSEUDO_LOCALE = 'pseudo-LOCALE';
export const LOCALE_STORAGE_KEY = 'sangam.locale';

/**
 * The other catalogs, one chunk each, fetched only when their language is chosen. English, the
 * source, is bundled so an English visitor never waits for (or downloads) a catalog.
 */
const loaders: Record<Exclude<UiLocale, 'en'>, () => Promise<{ messages: Messages }>> = {
  hi: () => import('@/locales/hi.po'),
  bn: () => import('@/locales/bn.po'),
  mr: () => import('@/locales/mr.po'),
  te: () => import('@/locales/te.po'),
  ta: () => import('@/locales/ta.po'),
  gu: () => import('@/locales/gu.po'),
  kn: () => import('@/locales/kn.po'),
  ml: () => import('@/locales/ml.po'),
  or: () => import('@/locales/or.po'),
  pa: () => import('@/locales/pa.po'),
  [PSEUDO_LOCALE]: () => import('@/locales/pseudo-LOCALE.po'),
};

const isUiLocale = (v: unknown): v is UiLocale => v === PSEUDO_LOCALE || localeSchema.safeParse(v).success;

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The kept choice, else the first of the browser's languages that Sangam ships, else English. */
export function initialLocale(): UiLocale {
  const stored = readStored();
  if (isUiLocale(stored)) return stored;
  return pickLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** The `lang` attribute for a locale (the pseudo-locale is English text, accented). */
const langAttribute = (locale: UiLocale) => (locale === PSEUDO_LOCALE ? 'en-XA' : locale);

/**
 * Loads a locale's catalog and switches the interface to it; `<html lang>` follows. English activates
 * at once (no await), so the first render of an English visitor is never held up.
 */
export async function activateLocale(locale: UiLocale): Promise<void> {
  if (locale === 'en') i18n.loadAndActivate({ locale, messages: englishMessages });
  else {
    const { messages } = await loaders[locale]();
    i18n.loadAndActivate({ locale, messages });
  }
  document.documentElement.lang = langAttribute(locale);
}

/** The visitor picked a language: keep it (signed out and in, for now on this device only) and switch. */
export async function chooseLocale(locale: UiLocale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  await activateLocale(locale);
}

/** Activates English synchronously, then the kept or detected language (a catalog fetch away). */
export function startI18n(): Promise<void> {
  activateLocale('en');
  const locale = initialLocale();
  return locale === 'en' ? Promise.resolve() : activateLocale(locale);
}

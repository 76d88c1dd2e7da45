import { messages as englishShell } from 'virtual:english-shell';
import { i18n, type Messages } from '@lingui/core';
import { type LocaleCode, localeSchema, pickLocale } from '@sangam/contracts';

/** A locale of the interface: a shipped language, or the pseudo-locale of tests (accented, longer text). */
export type UiLocale = LocaleCode | typeof PSEUDO_LOCALE;
export const PSEUDO_LOCALE = 'pseudo-LOCALE';
export const LOCALE_STORAGE_KEY = 'sangam.locale';

/**
 * The catalogs, one chunk each, fetched only when their language is chosen. English, the source, has
 * the messages of the landing page and the shell bundled (`virtual:english-shell`), so an English
 * visitor never waits for a catalog there; its whole catalog follows for the other screens.
 */
const loaders: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import('@/locales/en.po'),
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

/** The cookie the server reads to draw the next page in this language first (plugins/page-locale.ts). */
export const LOCALE_COOKIE = 'sangam_locale';

/** The language in effect, for the server's next index.html (the pseudo-locale stays on this page). */
function keepForServer(locale: UiLocale) {
  if (locale === PSEUDO_LOCALE) return;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies off: the server goes by Accept-Language.
  }
}

let englishMessages: Messages = englishShell;
let englishScreens: Promise<void> | null = null;

/** The rest of the English catalog (the screens past the landing page), fetched once; a failure may retry. */
function loadEnglishScreens(): Promise<void> {
  englishScreens ??= loaders.en().then(
    ({ messages }) => {
      englishMessages = messages;
      i18n.load('en', messages);
    },
    () => {
      englishScreens = null;
    },
  );
  return englishScreens;
}

/**
 * Loads a locale's catalog (and script face) and switches the interface to it; `<html lang>` follows.
 * English activates at once with its bundled messages and resolves once the rest of its catalog is in.
 */
export async function activateLocale(locale: UiLocale): Promise<void> {
  if (locale === 'en') i18n.loadAndActivate({ locale, messages: englishMessages });
  else {
    // The catalog and the script's face load together: the text is first laid out in its own font.
    const font = import('./script-fonts').then((m) => m.loadScriptFont(locale));
    const [{ messages }] = await Promise.all([loaders[locale](), font]);
    i18n.loadAndActivate({ locale, messages });
  }
  document.documentElement.lang = langAttribute(locale);
  keepForServer(locale);
  if (locale === 'en') await loadEnglishScreens();
}

type ChosenListener = (locale: UiLocale) => void;
const chosenListeners = new Set<ChosenListener>();

/** Calls `listener` after each choice of a language (the signed-in profile saves it); returns the unsubscribe. */
export function whenLocaleChosen(listener: ChosenListener): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

/** The visitor picked a language: keep it on this device (and, signed in, on the profile) and switch. */
export async function chooseLocale(locale: UiLocale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  await activateLocale(locale);
  for (const listener of chosenListeners) listener(locale);
}

/**
 * Activates English's bundled messages synchronously, then the kept or detected language (a catalog
 * fetch away). In English the landing page renders at once; another first screen waits for the rest.
 */
export function startI18n(): Promise<void> {
  i18n.loadAndActivate({ locale: 'en', messages: englishShell });
  const locale = initialLocale();
  if (locale !== 'en') return activateLocale(locale).catch(() => activateLocale('en'));
  const screens = activateLocale('en');
  return window.location.pathname === '/' ? Promise.resolve() : screens;
}

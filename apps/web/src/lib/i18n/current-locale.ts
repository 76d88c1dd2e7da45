import { i18n } from '@lingui/core';
import { type LocaleCode, localeSchema } from '@sangam/contracts';
import { LOCALE_STORAGE_KEY } from '@/lib/i18n/locale';

/** The language on screen when it is a shipped one (not the pseudo-locale of tests). */
export function screenLocale(): LocaleCode | undefined {
  return localeSchema.safeParse(i18n.locale).data;
}

/** The language chosen on this device (kept in localStorage), if any: signing in adopts it. */
export function keptLocale(): LocaleCode | undefined {
  try {
    return localeSchema.safeParse(localStorage.getItem(LOCALE_STORAGE_KEY)).data;
  } catch {
    return undefined;
  }
}

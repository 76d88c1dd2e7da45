import type { I18n } from '@lingui/core';

/**
 * Whether the server's English words are shown as sent: English on screen, or no catalog active yet
 * (a chart fact, a nutrition row, a recipe or an error message is then written from its data instead).
 */
export function isEnglish(i18n: Pick<I18n, 'locale'>): boolean {
  return !i18n.locale || i18n.locale === 'en';
}

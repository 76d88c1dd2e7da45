import { i18n } from '@lingui/core';
import { type LocaleCode, localeSchema } from '@sangam/contracts';
import { formatCount } from '@/lib/i18n/format';

/** The interface's language for `Intl` (the pseudo-locale of tests formats as English). */
export function uiLocale(): LocaleCode {
  const parsed = localeSchema.safeParse(i18n.locale);
  return parsed.success ? parsed.data : 'en';
}

/** A count (tokens, models) in the interface's language, grouped as lakhs and crores with Latin digits. */
export const count = (n: number) => formatCount(uiLocale(), n);

/**
 * Rupees of an answer's cost: paise below ₹100, whole rupees from there, and "<₹0.01" for less than a
 * paisa; grouped as lakhs and crores in every language, with Latin digits.
 */
export function inr(value: number): string {
  if (value > 0 && value < 0.01) return `<${inr(0.01)}`;
  const digits = value < 100 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 };
  const locale = `${uiLocale()}-IN`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', numberingSystem: 'latn', ...digits }).format(value);
}

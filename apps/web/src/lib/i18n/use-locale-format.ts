import { useLingui } from '@lingui/react';
import { type LocaleCode, localeSchema } from '@sangam/contracts';
import { useMemo } from 'react';
import { formatCount, formatDate, formatRupees } from '@/lib/i18n/format';

/** The shipped language of an interface locale; the pseudo-locale formats as English. */
export const localeCodeOf = (locale: string): LocaleCode => {
  const parsed = localeSchema.safeParse(locale);
  return parsed.success ? parsed.data : 'en';
};

/**
 * The formatters of `format.ts` bound to the interface's current language: ₹ and counts in Indian
 * grouping, dates in the locale (India's time zone), and a date with its time in UTC.
 */
export function useLocaleFormat() {
  const { i18n } = useLingui();
  const locale = localeCodeOf(i18n.locale);
  return useMemo(
    () => ({
      locale,
      rupees: (amount: number) => formatRupees(locale, amount),
      count: (count: number) => formatCount(locale, count),
      date: (iso: string) => formatDate(locale, iso),
      // English keeps its "3:04 pm"; the Indian languages take the 24-hour clock, as their am/pm is Latin.
      dateTimeUtc: (iso: string) =>
        new Intl.DateTimeFormat(`${locale}-IN`, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'UTC',
          ...(locale === 'en' ? {} : { hourCycle: 'h23' as const }),
        }).format(new Date(iso)),
    }),
    [locale],
  );
}

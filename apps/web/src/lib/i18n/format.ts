import type { LocaleCode } from '@sangam/contracts';

/**
 * Numbers, money, dates, plurals and ordinals in the user's language, always through `Intl` with the
 * India region: digits group as lakhs and crores (₹1,23,456; 50,00,000 tokens) in every locale, and
 * plural and ordinal categories follow CLDR (in Hindi "0" takes the `one` form).
 */
const region = (locale: LocaleCode) => `${locale}-IN`;

/** ₹ with Indian grouping and Latin digits (Bengali's default is its own digits); paise only when present. */
export const formatRupees = (locale: LocaleCode, amount: number) =>
  new Intl.NumberFormat(region(locale), {
    style: 'currency',
    currency: 'INR',
    numberingSystem: 'latn',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

/** A count (tokens, votes) with Indian grouping and Latin digits. */
export const formatCount = (locale: LocaleCode, count: number) =>
  new Intl.NumberFormat(region(locale), { numberingSystem: 'latn' }).format(count);

/** A calendar date in the locale, read in India's time zone. */
export const formatDate = (locale: LocaleCode, iso: string) =>
  new Intl.DateTimeFormat(region(locale), { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** The CLDR plural category of a count: what an ICU `plural` message selects on. */
export const pluralCategory = (locale: LocaleCode, count: number) => new Intl.PluralRules(locale).select(count);

/** The CLDR ordinal category of a rank: what an ICU `selectordinal` message selects on. */
export const ordinalCategory = (locale: LocaleCode, rank: number) => new Intl.PluralRules(locale, { type: 'ordinal' }).select(rank);

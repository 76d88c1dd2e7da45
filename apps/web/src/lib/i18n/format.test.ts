import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatRupees, ordinalCategory, pluralCategory } from './format';

describe('numbers and money in Indian grouping, in every locale', () => {
  it.each(['en', 'hi', 'ta', 'bn'] as const)('%s: ₹1,23,456 and 50,00,000 tokens', (locale) => {
    expect(formatRupees(locale, 123456)).toBe('₹1,23,456');
    expect(formatCount(locale, 5_000_000)).toBe('50,00,000');
  });
  it('keeps paise when the amount has them', () => {
    expect(formatRupees('en', 3999.5)).toBe('₹3,999.50');
  });
  it('writes the month in the locale', () => {
    expect(formatDate('hi', '2026-11-25T06:00:00Z')).toContain('नव॰');
    expect(formatDate('en', '2026-11-25T06:00:00Z')).toBe('25 Nov 2026');
  });
});

describe('plural and ordinal categories follow CLDR', () => {
  it.each(['hi', 'bn', 'gu', 'kn', 'pa'] as const)('%s: zero takes the one form', (locale) => {
    expect(pluralCategory(locale, 0)).toBe('one');
    expect(pluralCategory(locale, 2)).toBe('other');
  });
  it.each(['en', 'ta', 'te', 'ml', 'mr'] as const)('%s: zero takes the other form', (locale) => {
    expect(pluralCategory(locale, 0)).toBe('other');
  });
  it('Hindi and Bengali ranks have four or five ordinal forms', () => {
    const forms = (locale: 'hi' | 'bn') => new Set([1, 2, 3, 4, 5, 6, 7, 10].map((n) => ordinalCategory(locale, n)));
    expect(forms('hi')).toEqual(new Set(['one', 'two', 'few', 'many', 'other']));
    expect(forms('bn').size).toBeGreaterThanOrEqual(4);
  });
});

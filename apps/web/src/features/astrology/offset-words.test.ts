import { setupI18n } from '@lingui/core';
import type { BirthOffset } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { ayanamsaSource, offsetWords, utcOffset } from '@/features/astrology/offset-words';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';
import { messages as tamil } from '@/locales/ta.po';

const catalogs = { en: english, hi: hindi, ta: tamil };
const i18nFor = (locale: keyof typeof catalogs) => setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
const LATIN = /\p{Script=Latin}/u;
const facts = (offsetUsed?: BirthOffset) => ({ offset: 'Indian Standard Time (UTC+05:30)', offsetUsed });

describe('the chart’s time offset in the reader’s language', () => {
  it('writes the offset as the server does: hours and minutes, seconds only when there are any', () => {
    expect(utcOffset(330)).toBe('+05:30');
    expect(utcOffset((72.878 / 15) * 60)).toBe('+04:51:31');
    expect(utcOffset(-60)).toBe('-01:00');
  });

  it('words every kind of offset in Hindi and Tamil without a Latin word', () => {
    const kinds: BirthOffset[] = [
      { kind: 'ist', minutes: 330 },
      { kind: 'war-time', minutes: 390 },
      { kind: 'lmt', minutes: 291.5 },
      { kind: 'given', minutes: 291 },
      { kind: 'civil', minutes: 345, zone: 'Asia/Kathmandu' },
      { kind: 'city', minutes: 353.33, city: 'calcutta' },
    ];
    for (const locale of ['hi', 'ta'] as const)
      for (const used of kinds) {
        const text = offsetWords(i18nFor(locale), facts(used));
        expect(text, `${locale} ${used.kind}`).not.toMatch(LATIN);
        expect(text).toContain(utcOffset(used.minutes));
      }
    expect(offsetWords(i18nFor('hi'), facts({ kind: 'ist', minutes: 330 }))).toBe('भारतीय मानक समय (यूटीसी+05:30)');
    expect(offsetWords(i18nFor('hi'), facts({ kind: 'civil', minutes: 345, zone: 'Asia/Kathmandu' }))).toBe(
      'नेपाल का नागरिक समय (यूटीसी+05:45)',
    );
  });

  it('keeps the server’s English in English, in an older reading, and for a zone it does not know', () => {
    expect(offsetWords(i18nFor('en'), facts({ kind: 'ist', minutes: 330 }))).toBe('Indian Standard Time (UTC+05:30)');
    expect(offsetWords(i18nFor('hi'), facts())).toBe('Indian Standard Time (UTC+05:30)');
    expect(offsetWords(i18nFor('hi'), facts({ kind: 'civil', minutes: 60, zone: 'Europe/Paris' }))).toBe(
      'Indian Standard Time (UTC+05:30)',
    );
  });

  it('gives the ayanamsa’s source in the language, the server’s words in English or for an unknown system', () => {
    const lahiri = { id: 'lahiri' as const, name: 'Lahiri (Chitrapaksha)', source: 'Calendar Reform Committee (1955) …' };
    expect(ayanamsaSource(i18nFor('ta'), lahiri)).not.toMatch(LATIN);
    expect(ayanamsaSource(i18nFor('en'), lahiri)).toBe(lahiri.source);
    expect(ayanamsaSource(i18nFor('hi'), undefined)).toBeUndefined();
  });
});

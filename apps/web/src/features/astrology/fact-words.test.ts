import { setupI18n } from '@lingui/core';
import type { ChartFact } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { claimExpected, factLabel, factText } from '@/features/astrology/fact-words';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';
import { messages as tamil } from '@/locales/ta.po';

const catalogs = { en: english, hi: hindi, ta: tamil };
const i18nFor = (locale: keyof typeof catalogs) => setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
const LATIN = /\p{Script=Latin}/u;

const moon: ChartFact = {
  id: 'F3',
  kind: 'graha',
  graha: 'Moon',
  label: 'Moon',
  text: "Moon in Taurus 12°04', 9th house, Rohini pada 1",
  sign: 'Taurus',
  degree: 12.07,
  house: 9,
  nakshatra: 'Rohini',
  pada: 1,
  isRetrograde: false,
};
const rahu: ChartFact = {
  ...moon,
  id: 'F9',
  graha: 'Rahu',
  label: 'Rahu (mean node)',
  text: "Rahu (mean node) in Capricorn 5°30', 5th house, Uttara Ashadha pada 3, retrograde",
  sign: 'Capricorn',
  degree: 5.5,
  house: 5,
  nakshatra: 'Uttara Ashadha',
  pada: 3,
  isRetrograde: true,
};
const ascendant: ChartFact = {
  id: 'F1',
  kind: 'ascendant',
  label: 'Ascendant (Lagna)',
  text: "Ascendant (Lagna) in Virgo 20°10', Hasta pada 4",
  sign: 'Virgo',
  degree: 20.17,
  nakshatra: 'Hasta',
  pada: 4,
};
const mahadasha: ChartFact = {
  id: 'F11',
  kind: 'mahadasha',
  graha: 'Jupiter',
  label: 'Current mahadasha',
  text: 'Current Vimshottari mahadasha: Jupiter (2016-03-01 to 2032-03-01)',
  start: '2016-03-01',
  end: '2032-03-01',
};

describe('a chart fact in the reader’s language', () => {
  it('writes the chip and its detail from the fact’s data in Hindi, with the catalog’s names and no Latin word', () => {
    const hi = i18nFor('hi');
    expect(factLabel(hi, moon)).toBe('चंद्र');
    expect(factText(hi, moon)).toBe('चंद्र: वृषभ 12°04′, भाव 9, रोहिणी नक्षत्र, पद 1');
    expect(factLabel(hi, rahu)).toBe('राहु (मध्यम पात)');
    expect(factText(hi, rahu)).toBe('राहु (मध्यम पात): मकर 5°30′, भाव 5, उत्तराषाढ़ा नक्षत्र, पद 3, वक्री');
    expect(factText(hi, ascendant)).toBe('लग्न: कन्या 20°10′, हस्त नक्षत्र, पद 4');
    expect(factLabel(hi, mahadasha)).toBe('वर्तमान महादशा');
    const dasha = factText(hi, mahadasha);
    expect(dasha).toMatch(/^वर्तमान विंशोत्तरी महादशा: गुरु \(.*2016 से .*2032\)$/);
    for (const fact of [moon, rahu, ascendant, mahadasha]) {
      expect(factLabel(hi, fact)).not.toMatch(LATIN);
      expect(factText(hi, fact)).not.toMatch(LATIN);
    }
  });

  it('writes every kind of fact in Tamil without a Latin word', () => {
    const ta = i18nFor('ta');
    for (const fact of [moon, rahu, ascendant, mahadasha, { ...mahadasha, kind: 'antardasha' as const }]) {
      expect(factLabel(ta, fact)).not.toMatch(LATIN);
      expect(factText(ta, fact)).not.toMatch(LATIN);
    }
    expect(factText(ta, moon)).toContain('பாவம் 9');
  });

  it('shows the server’s English as sent in English, and in a reading stored before the data was added', () => {
    const en = i18nFor('en');
    expect(factLabel(en, rahu)).toBe('Rahu (mean node)');
    expect(factText(en, moon)).toBe(moon.text);
    const hi = i18nFor('hi');
    const { sign: _s, degree: _d, house: _h, nakshatra: _n, pada: _p, isRetrograde: _r, ...old } = moon;
    expect(factText(hi, old)).toBe(moon.text);
    const { start: _start, end: _end, ...oldDasha } = mahadasha;
    expect(factText(hi, oldDasha)).toBe(mahadasha.text);
  });

  it('writes what the chart says for a claim that did not match it: a sign, a nakshatra, a lord or a house', () => {
    const hi = i18nFor('hi');
    expect(claimExpected(hi, { kind: 'sign', expected: 'Cancer' })).toBe('कर्क');
    expect(claimExpected(hi, { kind: 'nakshatra', expected: 'Rohini' })).toBe('रोहिणी');
    expect(claimExpected(hi, { kind: 'mahadasha', expected: 'Saturn' })).toBe('शनि');
    expect(claimExpected(hi, { kind: 'house', expected: '10' })).toBe('भाव 10');
    expect(claimExpected(i18nFor('en'), { kind: 'house', expected: '10' })).toBe('10');
  });
});

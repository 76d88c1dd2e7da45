import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ChartClaim, ChartFact } from '@sangam/contracts';
import { chartName } from '@/features/astrology/chart-names';
import { dms } from '@/features/astrology/degrees';
import { formatDate } from '@/lib/i18n/format';
import { isEnglish } from '@/lib/i18n/is-english';
import { localeCodeOf } from '@/lib/i18n/use-locale-format';

/**
 * A chart fact's chip and detail in the reader's language (issue 24). The server sends each fact in
 * English (`label`, `text`: the words the models read and cite as "[F3]") and as data (sign, degree,
 * house, nakshatra, pada, a dasha's dates); in English the server's words are shown as sent, in every
 * other language the chip is written from the data. A reading stored before the data was added shows
 * the English text.
 */
/** "Moon", "Rahu (mean node)", "Ascendant (Lagna)", "Current mahadasha". */
export function factLabel(i18n: I18n, fact: ChartFact): string {
  if (isEnglish(i18n)) return fact.label;
  switch (fact.kind) {
    case 'ascendant':
      return i18n._(msg`Ascendant (Lagna)`);
    case 'graha':
      return fact.graha ? grahaWords(i18n, fact.graha) : fact.label;
    case 'mahadasha':
      return i18n._(msg`Current mahadasha`);
    case 'antardasha':
      return i18n._(msg`Current antardasha`);
    case 'pratyantardasha':
      return i18n._(msg`Current pratyantardasha`);
    default:
      return fact.label;
  }
}

/** A graha's name, the lunar nodes marked as the mean node. */
function grahaWords(i18n: I18n, graha: string) {
  const name = chartName(i18n, graha);
  return graha === 'Rahu' || graha === 'Ketu' ? `${name} ${i18n._(msg`(mean node)`)}` : name;
}

/** The fact the chip cites: "Moon in Cancer 12°04′, house 10, Pushya pada 3". */
export function factText(i18n: I18n, fact: ChartFact): string {
  if (isEnglish(i18n)) return fact.text;
  if (fact.kind === 'ascendant' || fact.kind === 'graha') {
    if (!fact.sign || fact.degree === undefined || !fact.nakshatra || fact.pada === undefined) return fact.text;
    const sign = chartName(i18n, fact.sign);
    const degree = dms(fact.degree);
    const nakshatra = chartName(i18n, fact.nakshatra);
    const pada = fact.pada;
    if (fact.kind === 'ascendant') return i18n._(msg`Ascendant (Lagna) in ${sign} ${degree}, ${nakshatra} pada ${pada}`);
    if (!fact.graha || fact.house === undefined) return fact.text;
    const graha = grahaWords(i18n, fact.graha);
    const house = fact.house;
    return fact.isRetrograde
      ? i18n._(msg`${graha} in ${sign} ${degree}, house ${house}, ${nakshatra} pada ${pada}, retrograde`)
      : i18n._(msg`${graha} in ${sign} ${degree}, house ${house}, ${nakshatra} pada ${pada}`);
  }
  if (!fact.graha || !fact.start || !fact.end) return fact.text;
  const locale = localeCodeOf(i18n.locale);
  const lord = chartName(i18n, fact.graha);
  const start = formatDate(locale, fact.start);
  const end = formatDate(locale, fact.end);
  switch (fact.kind) {
    case 'mahadasha':
      return i18n._(msg`Current Vimshottari mahadasha: ${lord} (${start} to ${end})`);
    case 'antardasha':
      return i18n._(msg`Current Vimshottari antardasha: ${lord} (${start} to ${end})`);
    case 'pratyantardasha':
      return i18n._(msg`Current Vimshottari pratyantardasha: ${lord} (${start} to ${end})`);
    default:
      return fact.text;
  }
}

/** What the chart says for a claim that did not match it: a sign, a nakshatra, a dasha's lord, or "house 10". */
export function claimExpected(i18n: I18n, claim: Pick<ChartClaim, 'kind' | 'expected'>): string {
  if (isEnglish(i18n)) return claim.expected;
  if (claim.kind !== 'house') return chartName(i18n, claim.expected);
  const house = Number(claim.expected);
  return Number.isInteger(house) ? i18n._(msg`house ${house}`) : claim.expected;
}

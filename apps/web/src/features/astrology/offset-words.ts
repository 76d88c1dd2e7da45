import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AstrologyFacts, BirthOffset } from '@sangam/contracts';

/** "+05:30", "+04:51:31": an offset east of UTC in minutes (seconds as a fraction), as the server writes it. */
export function utcOffset(minutes: number) {
  const sign = minutes < 0 ? '-' : '+';
  const total = Math.round(Math.abs(minutes) * 60);
  const hh = String(Math.floor(total / 3600)).padStart(2, '0');
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const s = total % 60;
  return `${sign}${hh}:${mm}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}

/** The countries of the places' time zones (the server's `ZONE_NAMES`). */
const COUNTRIES: Record<string, MessageDescriptor> = {
  'Asia/Kolkata': msg`India`,
  'Asia/Karachi': msg`Pakistan`,
  'Asia/Dhaka': msg`Bangladesh`,
  'Asia/Kathmandu': msg`Nepal`,
  'Asia/Colombo': msg`Sri Lanka`,
};

function words(i18n: I18n, used: BirthOffset): string | undefined {
  const utc = utcOffset(used.minutes);
  switch (used.kind) {
    case 'ist':
      return i18n._(msg`Indian Standard Time (UTC${utc})`);
    case 'war-time':
      return i18n._(msg`Indian war time (UTC${utc})`);
    case 'lmt':
      return i18n._(msg`local mean time (UTC${utc})`);
    case 'given':
      return i18n._(msg`offset given by you (UTC${utc})`);
    case 'civil': {
      const name = COUNTRIES[used.zone];
      if (!name) return undefined;
      const country = i18n._(name);
      return i18n._(msg`${country} civil time (UTC${utc})`);
    }
    case 'city':
      if (used.city === 'bombay') return i18n._(msg`Bombay time, as given by you (UTC${utc})`);
      if (used.city === 'calcutta') return i18n._(msg`Calcutta time, as given by you (UTC${utc})`);
      if (used.city === 'madras') return i18n._(msg`Madras time, as given by you (UTC${utc})`);
      return undefined;
    default:
      return undefined;
  }
}

/**
 * The UTC offset a chart was cast with, in the reader's language (issue 24): in English the server's
 * own words (they also name the tz database's zone), elsewhere written from `offsetUsed`; a reading
 * stored before `offsetUsed` was added keeps the English.
 */
export function offsetWords(i18n: I18n, facts: Pick<AstrologyFacts, 'offset' | 'offsetUsed'>): string {
  if (!i18n.locale || i18n.locale === 'en' || !facts.offsetUsed || Number.isNaN(facts.offsetUsed.minutes)) return facts.offset;
  return words(i18n, facts.offsetUsed) ?? facts.offset;
}

/** Where each ayanamsa's value is defined (the server's `AYANAMSA_DEFINITIONS[id].source`). */
const SOURCES: Record<string, MessageDescriptor> = {
  lahiri: msg`Calendar Reform Committee (1955) / Indian Astronomical Ephemeris: 23°15′00.658″ (true) on 21 March 1956 0h ET`,
  raman: msg`B. V. Raman, A Manual of Hindu Astrology; 21°00′52″ (mean) at 1900 January 0.5 ET`,
  kp: msg`K. S. Krishnamurti, KP Reader 1; 22°21′50″ (mean) at 1900 January 0.5 ET`,
};

/** The ayanamsa's source in the reader's language (English as sent; an unknown system keeps the server's words). */
export function ayanamsaSource(i18n: I18n, system: AstrologyFacts['ayanamsaSystem']): string | undefined {
  if (!system) return undefined;
  const known = SOURCES[system.id];
  if (!i18n.locale || i18n.locale === 'en' || !known) return system.source;
  return i18n._(known);
}

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The server's sign, graha, nakshatra and ayanamsa names (English and Sanskrit in Latin letters) in the interface's language. */
const NAMES: Record<string, MessageDescriptor> = {
  Lahiri: msg`Lahiri`,
  'Lahiri (Chitrapaksha)': msg`Lahiri (Chitrapaksha)`,
  Raman: msg`Raman`,
  'Krishnamurti (KP)': msg`Krishnamurti (KP)`,
  Aries: msg`Aries`,
  Taurus: msg`Taurus`,
  Gemini: msg`Gemini`,
  Cancer: msg`Cancer`,
  Leo: msg`Leo`,
  Virgo: msg`Virgo`,
  Libra: msg`Libra`,
  Scorpio: msg`Scorpio`,
  Sagittarius: msg`Sagittarius`,
  Capricorn: msg`Capricorn`,
  Aquarius: msg`Aquarius`,
  Pisces: msg`Pisces`,
  Sun: msg`Sun`,
  Moon: msg`Moon`,
  Mars: msg`Mars`,
  Mercury: msg`Mercury`,
  Jupiter: msg`Jupiter`,
  Venus: msg`Venus`,
  Saturn: msg`Saturn`,
  Rahu: msg`Rahu`,
  Ketu: msg`Ketu`,
  Ashwini: msg`Ashwini`,
  Bharani: msg`Bharani`,
  Krittika: msg`Krittika`,
  Rohini: msg`Rohini`,
  Mrigashira: msg`Mrigashira`,
  Ardra: msg`Ardra`,
  Punarvasu: msg`Punarvasu`,
  Pushya: msg`Pushya`,
  Ashlesha: msg`Ashlesha`,
  Magha: msg`Magha`,
  'Purva Phalguni': msg`Purva Phalguni`,
  'Uttara Phalguni': msg`Uttara Phalguni`,
  Hasta: msg`Hasta`,
  Chitra: msg`Chitra`,
  Swati: msg`Swati`,
  Vishakha: msg`Vishakha`,
  Anuradha: msg`Anuradha`,
  Jyeshtha: msg`Jyeshtha`,
  Mula: msg`Mula`,
  'Purva Ashadha': msg`Purva Ashadha`,
  'Uttara Ashadha': msg`Uttara Ashadha`,
  Shravana: msg`Shravana`,
  Dhanishta: msg`Dhanishta`,
  Shatabhisha: msg`Shatabhisha`,
  'Purva Bhadrapada': msg`Purva Bhadrapada`,
  'Uttara Bhadrapada': msg`Uttara Bhadrapada`,
  Revati: msg`Revati`,
};

/** The grahas' two-letter marks in the North Indian chart. */
const SHORT: Record<string, MessageDescriptor> = {
  Sun: msg({ context: 'Sun, in the chart', message: 'Su' }),
  Moon: msg({ context: 'Moon, in the chart', message: 'Mo' }),
  Mars: msg({ context: 'Mars, in the chart', message: 'Ma' }),
  Mercury: msg({ context: 'Mercury, in the chart', message: 'Me' }),
  Jupiter: msg({ context: 'Jupiter, in the chart', message: 'Ju' }),
  Venus: msg({ context: 'Venus, in the chart', message: 'Ve' }),
  Saturn: msg({ context: 'Saturn, in the chart', message: 'Sa' }),
  Rahu: msg({ context: 'Rahu, in the chart', message: 'Ra' }),
  Ketu: msg({ context: 'Ketu, in the chart', message: 'Ke' }),
};

/** A sign, graha or nakshatra in the interface's language (a name the catalogs do not know stays as it is). */
export const chartName = (i18n: I18n, name: string) => (NAMES[name] ? i18n._(NAMES[name]) : name);

/** A graha's mark in the chart. */
export const grahaMark = (i18n: I18n, graha: string) => (SHORT[graha] ? i18n._(SHORT[graha]) : graha);

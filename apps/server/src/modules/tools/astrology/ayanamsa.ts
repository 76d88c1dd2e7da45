import * as A from 'astronomy-engine';

/**
 * Ayanamsas, each from its published definition: a value at an epoch t0, carried to the date with the
 * IAU 1976 general precession in longitude (Lieske et al. 1977), plus the nutation in longitude of the
 * date (IAU 2000B, as astronomy-engine computes it) for the true value used with apparent positions.
 *
 * - Lahiri (Chitrapaksha), the Indian Government's: the true ayanamsa is 23°15'00.658" on 21 March
 *   1956, 0h ET (JD 2435553.5), as defined by the Calendar Reform Committee (Report, 1955) and given
 *   by the Indian Astronomical Ephemeris (1989 edition, p. 556). That value already contains the
 *   nutation of that day, so the mean value at t0 is the defining value minus that nutation (the
 *   Swiss Ephemeris does the same: 23.250182778 - 0.004658035). Adding the nutation of the date to
 *   the defining value itself counted it twice (16.8" too large an ayanamsa, fixed in issue 14).
 * - B. V. Raman: mean 21°00'52" (21.01444°) at 1900 January 0.5 ET (JD 2415020.0), zero in 397 CE
 *   (B. V. Raman, "A Manual of Hindu Astrology"; the J1900 value as tabulated by Robert Hand and the
 *   Swiss Ephemeris, SE_SIDM_RAMAN: 360 - 338.98556).
 * - Krishnamurti (KP): mean 22°21'50" (22.363889°) at 1900 January 0.5 ET, zero in 291 CE
 *   (K. S. Krishnamurti, "KP Reader 1", pp. 54-59; J1900 value as tabulated by Robert Hand and the
 *   Swiss Ephemeris, SE_SIDM_KRISHNAMURTI: 360 - 337.636111).
 */
export const AYANAMSA_IDS = ['lahiri', 'raman', 'kp'] as const;
export type AyanamsaId = (typeof AYANAMSA_IDS)[number];

type Definition = { name: string; t0: number; value: number; valueIsTrue: boolean; source: string };
export const AYANAMSA_DEFINITIONS: Record<AyanamsaId, Definition> = {
  lahiri: {
    name: 'Lahiri (Chitrapaksha)',
    t0: 2435553.5,
    value: 23 + 15 / 60 + 0.658 / 3600,
    valueIsTrue: true,
    source: 'Calendar Reform Committee (1955) / Indian Astronomical Ephemeris: 23°15\'00.658" (true) on 21 March 1956 0h ET',
  },
  raman: {
    name: 'Raman',
    t0: 2415020.0,
    value: 360 - 338.98556,
    valueIsTrue: false,
    source: 'B. V. Raman, A Manual of Hindu Astrology; 21°00\'52" (mean) at 1900 January 0.5 ET',
  },
  kp: {
    name: 'Krishnamurti (KP)',
    t0: 2415020.0,
    value: 360 - 337.636111,
    valueIsTrue: false,
    source: 'K. S. Krishnamurti, KP Reader 1; 22°21\'50" (mean) at 1900 January 0.5 ET',
  },
};

/** IAU 1976 general precession in longitude from J2000, in degrees (T in Julian centuries of TT). */
function precession(jdTT: number) {
  const T = (jdTT - 2451545.0) / 36525;
  return (5029.0966 * T + 1.11113 * T * T - 0.000006 * T * T * T) / 3600;
}

const nutation = (time: A.AstroTime) => A.e_tilt(time).dpsi / 3600;

/** The mean ayanamsa at the definition's epoch (the defining value less that day's nutation when it is a true value). */
function meanAtEpoch(d: Definition) {
  return d.valueIsTrue ? d.value - nutation(A.AstroTime.FromTerrestrialTime(d.t0 - 2451545.0)) : d.value;
}
const MEAN_AT_EPOCH = Object.fromEntries(AYANAMSA_IDS.map((id) => [id, meanAtEpoch(AYANAMSA_DEFINITIONS[id])])) as Record<
  AyanamsaId,
  number
>;

/** The mean ayanamsa of a date (without nutation). */
export function meanAyanamsa(time: A.AstroTime, id: AyanamsaId = 'lahiri'): number {
  const d = AYANAMSA_DEFINITIONS[id];
  return MEAN_AT_EPOCH[id] + precession(time.tt + 2451545.0) - precession(d.t0);
}

/** The true ayanamsa of a date (mean plus the nutation in longitude of the date), in degrees. */
export function trueAyanamsa(time: A.AstroTime, id: AyanamsaId = 'lahiri'): number {
  return meanAyanamsa(time, id) + nutation(time);
}

import * as A from 'astronomy-engine';
import { type AyanamsaId, trueAyanamsa } from '@/modules/tools/astrology/ayanamsa';

export const SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;
export const NAKSHATRAS = [
  'Ashwini',
  'Bharani',
  'Krittika',
  'Rohini',
  'Mrigashira',
  'Ardra',
  'Punarvasu',
  'Pushya',
  'Ashlesha',
  'Magha',
  'Purva Phalguni',
  'Uttara Phalguni',
  'Hasta',
  'Chitra',
  'Swati',
  'Vishakha',
  'Anuradha',
  'Jyeshtha',
  'Mula',
  'Purva Ashadha',
  'Uttara Ashadha',
  'Shravana',
  'Dhanishta',
  'Shatabhisha',
  'Purva Bhadrapada',
  'Uttara Bhadrapada',
  'Revati',
] as const;
export const GRAHAS = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn', 'Rahu', 'Ketu'] as const;
export type Graha = (typeof GRAHAS)[number];

const norm = (deg: number) => ((deg % 360) + 360) % 360;
const rad = Math.PI / 180;

/** The true Lahiri (Chitrapaksha) ayanamsa of a date: see ayanamsa.ts for its definition and source. */
export function lahiriAyanamsa(time: A.AstroTime): number {
  return trueAyanamsa(time, 'lahiri');
}

/** Tropical longitude on the true ecliptic of date (apparent for the Sun, geometric-light-time for planets). */
function tropicalLongitude(body: A.Body, time: A.AstroTime): number {
  if (body === A.Body.Moon) return A.EclipticGeoMoon(time).lon;
  if (body === A.Body.Sun) return A.SunPosition(time).elon;
  const vec = A.GeoVector(body, time, true);
  return A.SphereFromVector(A.RotateVector(A.Rotation_EQJ_ECT(time), vec)).lon;
}

/** Mean lunar node (Rahu), Meeus eq. 47.7, on the ecliptic of date. */
export function meanNode(time: A.AstroTime): number {
  const T = time.tt / 36525;
  return norm(125.0445479 - 1934.1362891 * T + 0.0020754 * T * T + (T * T * T) / 467441 + A.e_tilt(time).dpsi / 3600);
}

/** Tropical ascendant for a place (latitude, east longitude) at a time. */
export function tropicalAscendant(time: A.AstroTime, lat: number, lon: number): number {
  const ramc = norm(A.SiderealTime(time) * 15 + lon) * rad;
  const eps = A.e_tilt(time).tobl * rad;
  const asc = Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(eps) + Math.tan(lat * rad) * Math.sin(eps)));
  return norm(asc / rad);
}

const BODIES: Partial<Record<Graha, A.Body>> = {
  Sun: A.Body.Sun,
  Moon: A.Body.Moon,
  Mars: A.Body.Mars,
  Mercury: A.Body.Mercury,
  Jupiter: A.Body.Jupiter,
  Venus: A.Body.Venus,
  Saturn: A.Body.Saturn,
};

export type Placement = {
  graha: Graha;
  longitude: number;
  sign: (typeof SIGNS)[number];
  degree: number;
  house: number;
  nakshatra: (typeof NAKSHATRAS)[number];
  pada: number;
  isRetrograde: boolean;
};
export type Chart = {
  ascendant: { longitude: number; sign: (typeof SIGNS)[number]; degree: number; nakshatra: string; pada: number };
  ayanamsa: number;
  grahas: Placement[];
};

export const signOf = (lon: number) => SIGNS[Math.floor(norm(lon) / 30)] ?? 'Aries';
export const nakshatraOf = (lon: number) => {
  const span = 360 / 27;
  const i = Math.floor(norm(lon) / span);
  return {
    nakshatra: NAKSHATRAS[i] ?? 'Ashwini',
    index: i,
    pada: Math.floor((norm(lon) % span) / (span / 4)) + 1,
    fraction: (norm(lon) % span) / span,
  };
};

/** The sidereal chart (Lahiri unless another ayanamsa is chosen): ascendant, nine grahas with whole-sign houses, nakshatra and pada. */
export function computeChart(utc: Date, lat: number, lon: number, ayanamsaId: AyanamsaId = 'lahiri'): Chart {
  const time = A.MakeTime(utc);
  const ayanamsa = trueAyanamsa(time, ayanamsaId);
  const sidereal = (tropical: number) => norm(tropical - ayanamsa);
  const ascLon = sidereal(tropicalAscendant(time, lat, lon));
  const ascSign = Math.floor(ascLon / 30);
  const place = (graha: Graha, longitude: number, isRetrograde: boolean): Placement => ({
    graha,
    longitude,
    sign: signOf(longitude),
    degree: longitude % 30,
    house: ((Math.floor(longitude / 30) - ascSign + 12) % 12) + 1,
    nakshatra: nakshatraOf(longitude).nakshatra,
    pada: nakshatraOf(longitude).pada,
    isRetrograde,
  });
  const later = A.MakeTime(new Date(utc.getTime() + 3600_000));
  const grahas: Placement[] = [];
  for (const graha of GRAHAS) {
    const body = BODIES[graha];
    if (body !== undefined) {
      const now = tropicalLongitude(body, time);
      const next = tropicalLongitude(body, later);
      const motion = ((next - now + 540) % 360) - 180;
      grahas.push(place(graha, sidereal(now), graha !== 'Sun' && graha !== 'Moon' && motion < 0));
    }
  }
  const rahu = sidereal(meanNode(time));
  grahas.push(place('Rahu', rahu, true), place('Ketu', norm(rahu + 180), true));
  const ascN = nakshatraOf(ascLon);
  return {
    ascendant: { longitude: ascLon, sign: signOf(ascLon), degree: ascLon % 30, nakshatra: ascN.nakshatra, pada: ascN.pada },
    ayanamsa,
    grahas,
  };
}

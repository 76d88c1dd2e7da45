import { nakshatraOf } from '@/modules/tools/astrology/chart';

/** Vimshottari order and years (120 in all), starting from Ashwini's lord Ketu. */
export const DASHA_LORDS = [
  ['Ketu', 7],
  ['Venus', 20],
  ['Sun', 6],
  ['Moon', 10],
  ['Mars', 7],
  ['Rahu', 18],
  ['Jupiter', 16],
  ['Saturn', 19],
  ['Mercury', 17],
] as const;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export type DashaPeriod = { lord: string; start: string; end: string };

/** The mahadasha periods from birth for 120 years, and the one running at `now`. */
export function vimshottari(moonLongitude: number, birth: Date, now: Date) {
  const n = nakshatraOf(moonLongitude);
  const first = n.index % 9;
  const periods: DashaPeriod[] = [];
  let start = birth.getTime();
  for (let k = 0; k < 10; k += 1) {
    const [lord, years] = DASHA_LORDS[(first + k) % 9] ?? DASHA_LORDS[0];
    const length = (k === 0 ? 1 - n.fraction : 1) * years * YEAR_MS;
    periods.push({ lord, start: new Date(start).toISOString().slice(0, 10), end: new Date(start + length).toISOString().slice(0, 10) });
    start += length;
  }
  const today = now.toISOString().slice(0, 10);
  const current = periods.find((p) => p.start <= today && today < p.end) ?? null;
  return { periods, current, birthBalanceYears: (1 - n.fraction) * (DASHA_LORDS[first]?.[1] ?? 0) };
}

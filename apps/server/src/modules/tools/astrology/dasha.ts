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
/** A dasha year is a Julian year of 365.25 days (the convention of most Indian software; some use 365.2422 or 360). */
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export type DashaPeriod = { lord: string; start: string; end: string };
type Span = { lord: string; startMs: number; endMs: number };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const asPeriod = (s: Span): DashaPeriod => ({ lord: s.lord, start: day(s.startMs), end: day(s.endMs) });
const indexOf = (lord: string) => DASHA_LORDS.findIndex(([l]) => l === lord);

/** Splits a period among the nine lords in Vimshottari order from its own lord, each in proportion to its years / 120. */
function subdivide(parent: Span): Span[] {
  const first = indexOf(parent.lord);
  const length = parent.endMs - parent.startMs;
  const out: Span[] = [];
  let start = parent.startMs;
  for (let k = 0; k < 9; k += 1) {
    const [lord, years] = DASHA_LORDS[(first + k) % 9] ?? DASHA_LORDS[0];
    const end = start + (length * years) / 120;
    out.push({ lord, startMs: start, endMs: end });
    start = end;
  }
  return out;
}

/** Clips a list of spans to start at `from` (the birth), dropping the ones that ended before it. */
const clip = (spans: Span[], from: number) =>
  spans.filter((s) => s.endMs > from).map((s) => ({ ...s, startMs: Math.max(s.startMs, from) }));
const at = (spans: Span[], t: number) => spans.find((s) => s.startMs <= t && t < s.endMs);

/**
 * Vimshottari dashas from the Moon's nakshatra: the mahadashas from birth for 120 years, the
 * antardashas (bhuktis) of every mahadasha, and the pratyantardashas of the antardasha running at
 * `now`. The first mahadasha is running at birth: its elapsed part is the Moon's progress through
 * the nakshatra, and its sub-periods are those of the whole mahadasha, clipped at birth.
 */
export function vimshottari(moonLongitude: number, birth: Date, now: Date) {
  const n = nakshatraOf(moonLongitude);
  const first = n.index % 9;
  const birthMs = birth.getTime();
  const firstYears = DASHA_LORDS[first]?.[1] ?? 0;
  let start = birthMs - n.fraction * firstYears * YEAR_MS;
  const full: Span[] = [];
  for (let k = 0; k < 10; k += 1) {
    const [lord, years] = DASHA_LORDS[(first + k) % 9] ?? DASHA_LORDS[0];
    full.push({ lord, startMs: start, endMs: start + years * YEAR_MS });
    start += years * YEAR_MS;
  }
  const maha = clip(full, birthMs);
  const antar = full.flatMap((m) => clip(subdivide(m), birthMs).map((a) => ({ mahadasha: m.lord, span: a })));
  const t = now.getTime();
  const today = day(t);
  const periods = maha.map(asPeriod);
  const current = periods.find((p) => p.start <= today && today < p.end) ?? null;
  const runningMaha = full.find((m) => m.startMs <= t && t < m.endMs && t >= birthMs);
  const runningAntar = runningMaha ? at(subdivide(runningMaha), t) : undefined;
  const pratyantar = runningAntar ? clip(subdivide(runningAntar), birthMs) : [];
  const runningPratyantar = at(pratyantar, t);
  return {
    periods,
    current,
    antardashas: antar.map(({ mahadasha, span }) => ({ mahadasha, ...asPeriod(span) })),
    currentAntardasha: runningAntar ? asPeriod(runningAntar) : null,
    pratyantardashas: pratyantar.map(asPeriod),
    currentPratyantardasha: runningPratyantar ? asPeriod(runningPratyantar) : null,
    birthBalanceYears: (1 - n.fraction) * firstYears,
  };
}

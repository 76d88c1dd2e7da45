import { describe, expect, it } from 'vitest';
import { computeAstrologyFacts, parseAstrologyPrompt } from '@/modules/tools/astrology/astrology.tool';
import { birthToUtc, offsetFor, parseOffsetOverride } from '@/modules/tools/astrology/birth-time';
import { type Place, resolvePlace } from '@/modules/tools/astrology/places';

const place = (name: string): Place => {
  const p = resolvePlace(name);
  if (!p) throw new Error(`${name} must resolve`);
  return p;
};

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock time Intl (Node's ICU, IANA tzdb) shows for an instant in a zone, as 'yyyy-mm-dd hh:mm'. */
function intlWallClock(zone: string, utc: Date) {
  let f = wallFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallFormats.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(utc).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
/** Intl's offset name for an instant in a zone ('GMT+05:30'). */
const intlOffset = (zone: string, utc: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(utc).find((p) => p.type === 'timeZoneName')
    ?.value;

const pad = (n: number) => String(n).padStart(2, '0');

describe('birth time from the IANA time-zone database (Node ICU)', () => {
  const cities = ['Mumbai', 'Kolkata', 'Karachi', 'Lahore', 'Dhaka', 'Kathmandu', 'Colombo'];
  it('from 1906 on, the UTC instant computed for a local time reads as that local time in Intl for the place’s zone, on the 1st and 15th of every month to 2025', () => {
    let compared = 0;
    const mismatches: string[] = [];
    for (const name of cities) {
      const p = place(name);
      for (let year = 1906; year <= 2025; year += 1)
        for (let month = 1; month <= 12; month += 1)
          for (const day of [1, 15]) {
            const { utc, offset } = birthToUtc(p, { day, month, year }, { hour: 12, minute: 0 });
            if (offset.label.startsWith('local mean time')) continue; // tzdb has no standard time there yet
            compared += 1;
            const want = `${year}-${pad(month)}-${pad(day)} 12:00`;
            const got = intlWallClock(p.zone, utc);
            if (got !== want) mismatches.push(`${name} ${want}: ${got}`);
          }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(19_000);
  });

  it('India: war time +06:30 from 1 October 1941 to 14 May 1942 and from 1 September 1942 to 14 October 1945, IST between', () => {
    const mumbai = place('Bombay');
    const at = (year: number, month: number, day: number) => offsetFor(mumbai, { year, month, day }).minutes;
    expect([
      at(1941, 9, 30),
      at(1941, 10, 1),
      at(1942, 5, 14),
      at(1942, 5, 16),
      at(1942, 8, 31),
      at(1942, 9, 1),
      at(1945, 10, 14),
      at(1945, 10, 16),
    ]).toEqual([330, 390, 390, 330, 330, 390, 390, 330]);
    expect(offsetFor(mumbai, { year: 1942, month: 1, day: 10 }).label).toBe('Indian war time (UTC+06:30)');
    // Intl's own answer for that instant.
    expect(intlOffset('Asia/Kolkata', birthToUtc(mumbai, { day: 10, month: 1, year: 1942 }, { hour: 9, minute: 0 }).utc)).toBe('GMT+06:30');
  });

  it('Pakistan, Bangladesh, Nepal and Sri Lanka take their historical offsets, not today’s', () => {
    const minutes = (name: string, year: number, month: number, day = 1) => offsetFor(place(name), { year, month, day }).minutes;
    expect([minutes('Karachi', 1950, 1), minutes('Karachi', 1943, 1), minutes('Karachi', 1990, 1), minutes('Karachi', 2009, 7)]).toEqual([
      330, 390, 300, 360,
    ]);
    expect([minutes('Dhaka', 1930, 1), minutes('Dhaka', 1950, 1), minutes('Dhaka', 1990, 1), minutes('Dhaka', 2009, 7)]).toEqual([
      353 + 20 / 60,
      390,
      360,
      420,
    ]);
    expect([minutes('Kathmandu', 1950, 1), minutes('Kathmandu', 1990, 1)]).toEqual([330, 345]);
    expect([minutes('Colombo', 1942, 6), minutes('Colombo', 1943, 3), minutes('Colombo', 1996, 6), minutes('Colombo', 2010, 1)]).toEqual([
      360, 390, 390, 330,
    ]);
  });

  it('gives the offset used as data beside its English words: IST, war time, a civil zone, LMT, or the user’s own', () => {
    const mumbai = place('Bombay');
    expect(offsetFor(mumbai, { year: 1990, month: 1, day: 1 }).used).toEqual({ kind: 'ist', minutes: 330 });
    expect(offsetFor(mumbai, { year: 1942, month: 1, day: 10 }).used).toEqual({ kind: 'war-time', minutes: 390 });
    expect(offsetFor(mumbai, { year: 1900, month: 1, day: 1 }).used).toMatchObject({ kind: 'lmt' });
    expect(offsetFor(place('Kathmandu'), { year: 1990, month: 1, day: 1 }).used).toEqual({
      kind: 'civil',
      zone: 'Asia/Kathmandu',
      minutes: 345,
    });
    expect(parseOffsetOverride('UTC+04:51')?.used).toEqual({ kind: 'given', minutes: 291 });
    const lmt = computeAstrologyFacts('ASTR: 01 01 1940 Bombay 10:00 AM LMT', new Date('2026-01-01T00:00:00Z')).facts;
    expect(lmt.offsetUsed).toEqual({ kind: 'lmt', minutes: (mumbai.lon / 15) * 60 });
  });

  it('keeps the place’s local mean time before 1906 and while tzdb still has no standard time for the zone (Kathmandu to 1920)', () => {
    const kathmandu = place('Kathmandu');
    expect(offsetFor(kathmandu, { year: 1910, month: 1, day: 1 }).minutes).toBeCloseTo((kathmandu.lon / 15) * 60, 9);
    expect(offsetFor(place('Bombay'), { year: 1905, month: 12, day: 31 }).label).toMatch(/^local mean time \(UTC\+04:51:31/);
  });

  it('lets the user override the offset: Bombay time, Calcutta time, LMT or UTC±hh:mm', () => {
    expect(parseOffsetOverride('Bombay time')?.minutes).toBeCloseTo((72.878 / 15) * 60, 9);
    expect(parseOffsetOverride('Calcutta time')?.minutes).toBeCloseTo(353 + 20 / 60, 9); // tzdb's Howrah Mean Time
    expect(parseOffsetOverride('UTC+04:51')?.minutes).toBe(291);
    expect(parseOffsetOverride('Pune')).toBeUndefined();
    const parsed = parseAstrologyPrompt('ASTR: 01 01 1940 Bombay 10:00 AM Bombay time, Raman\nWhat now?');
    expect(parsed).toMatchObject({ placeText: 'Bombay', ayanamsa: 'raman', question: 'What now?' });
    const f = computeAstrologyFacts('ASTR: 01 01 1940 Bombay 10:00 AM Bombay time', new Date('2026-01-01T00:00:00Z')).facts;
    expect(f.offset).toMatch(/^Bombay time, as given by you \(UTC\+04:51:31/);
    expect(f.utc).toBe('1940-01-01T05:08:29.280Z');
    expect(f.offsetUsed).toEqual({ kind: 'city', city: 'bombay', minutes: parseOffsetOverride('Bombay time')?.minutes });
    expect(() => parseAstrologyPrompt('ASTR: 01 01 1940 Bombay 10:00 AM Martian time')).toThrow();
    // A multipart form sends CRLF line breaks.
    expect(parseAstrologyPrompt('ASTR: 01 01 1940 Bombay 10:00 AM KP\r\nWhat now?')).toMatchObject({
      ayanamsa: 'kp',
      question: 'What now?',
    });
  });
});

import type { BirthOffset } from '@sangam/contracts';
import type { Place } from '@/modules/tools/astrology/places';

/**
 * Civil time at a birth place to UTC.
 *
 * - Before 1906, and wherever the IANA time-zone database (tzdb) itself still gives the zone's local
 *   mean time (Karachi until 1907, Kathmandu until 1920), the place's own local mean time
 *   (longitude / 15) is used.
 * - From 1906 on, the offset is tzdb's, read through Node's ICU (`Intl.DateTimeFormat` with the zone's
 *   `timeZone`): Indian war time (+06:30) 1941-10-01..1942-05-14 and 1942-09-01..1945-10-14, Pakistan's
 *   +05:30 before 1951 and its 2002 and 2008-09 summer time, Dhaka's Howrah Mean Time before 1941,
 *   Nepal's +05:30 before 1986, Sri Lanka's war time and its 1996-2006 +06:30/+06:00, and so on. The
 *   tzdb version in use is `process.versions.tz`.
 * - The user may override the offset (a time tzdb does not model, such as Bombay or Calcutta time,
 *   which those cities kept for decades after 1906): 'UTC+04:51', 'LMT', 'Bombay time', 'Calcutta time'.
 */
/** An offset: its minutes, the English words the models and API clients read, and the same as data (`used`) for the screens. */
export type Offset = { minutes: number; label: string; used: BirthOffset };
export type OffsetOverride = Offset;

const HOUR_MS = 3600_000;
export const TZDB_VERSION = process.versions.tz ?? 'bundled with Node.js';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  return f;
}

/** tzdb's UTC offset of a zone at an instant, in minutes (seconds kept as a fraction), as Node's ICU gives it. */
export function tzdbOffsetMinutes(zone: string, utcMs: number): number {
  const name = formatter(zone)
    .formatToParts(new Date(utcMs))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name ?? '');
  if (!m) throw new Error(`Unexpected offset "${name}" for ${zone}`);
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) / 60;
  return m[1] === '-' ? -minutes : minutes;
}

/** tzdb's offset for a civil (wall-clock) time in a zone: the offset o with wall - o mapping back to o. */
export function tzdbOffsetForLocal(zone: string, localMs: number): number {
  let offset = tzdbOffsetMinutes(zone, localMs - 5.5 * HOUR_MS);
  for (let i = 0; i < 3; i += 1) {
    const next = tzdbOffsetMinutes(zone, localMs - offset * 60_000);
    if (next === offset) break;
    offset = next;
  }
  return offset;
}

/** The zone's local mean time as tzdb records it (its offset in 1800, before any standard time). */
const lmts = new Map<string, number>();
function zoneLmt(zone: string) {
  let m = lmts.get(zone);
  if (m === undefined) {
    m = tzdbOffsetMinutes(zone, Date.UTC(1800, 0, 1));
    lmts.set(zone, m);
  }
  return m;
}

const ZONE_NAMES: Record<Place['zone'], string> = {
  'Asia/Kolkata': 'India',
  'Asia/Karachi': 'Pakistan',
  'Asia/Dhaka': 'Bangladesh',
  'Asia/Kathmandu': 'Nepal',
  'Asia/Colombo': 'Sri Lanka',
};

const lmt = (place: Place): Offset => {
  const minutes = (place.lon / 15) * 60;
  return { minutes, label: `local mean time (UTC+${formatOffset(minutes)})`, used: { kind: 'lmt', minutes } };
};

/** The UTC offset used for a civil time at a place (see the module comment). */
export function offsetFor(
  place: Place,
  local: { year: number; month: number; day: number },
  time: { hour: number; minute: number } = { hour: 12, minute: 0 },
): Offset {
  if (local.year < 1906) return lmt(place);
  const localMs = Date.UTC(local.year, local.month - 1, local.day, time.hour, time.minute);
  const minutes = tzdbOffsetForLocal(place.zone, localMs);
  if (Math.abs(minutes - zoneLmt(place.zone)) < 1e-9) return lmt(place);
  const hhmm = `UTC+${formatOffset(minutes)}`;
  if (place.zone === 'Asia/Kolkata') {
    if (minutes === 330) return { minutes, label: `Indian Standard Time (${hhmm})`, used: { kind: 'ist', minutes } };
    if (minutes === 390) return { minutes, label: `Indian war time (${hhmm})`, used: { kind: 'war-time', minutes } };
  }
  return {
    minutes,
    label: `${ZONE_NAMES[place.zone]} civil time, ${place.zone} in the IANA tz database ${TZDB_VERSION} (${hhmm})`,
    used: { kind: 'civil', minutes, zone: place.zone },
  };
}

export function formatOffset(minutes: number) {
  const sign = minutes < 0 ? '-' : '';
  const total = Math.round(Math.abs(minutes) * 60);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}

/**
 * City times kept after 1906 that tzdb does not model as zones: Calcutta time is tzdb's Howrah Mean Time
 * and Madras time its Madras Mean Time (both read from Asia/Kolkata's own history), Bombay time is the
 * local mean time of Bombay (72.878°E, from the places table).
 */
const CITY_TIMES: Record<'bombay' | 'calcutta' | 'madras', () => { name: string; minutes: number }> = {
  bombay: () => ({ name: 'Bombay time', minutes: (72.878 / 15) * 60 }),
  calcutta: () => ({ name: 'Calcutta time', minutes: tzdbOffsetMinutes('Asia/Kolkata', Date.UTC(1860, 0, 1)) }),
  madras: () => ({ name: 'Madras time', minutes: tzdbOffsetMinutes('Asia/Kolkata', Date.UTC(1900, 0, 1)) }),
};

/**
 * Parses a user's offset override: 'UTC+04:51', 'GMT+5:53:20', 'LMT', 'Bombay time', 'Calcutta time',
 * 'Madras time'. Returns undefined when the text is not an offset; 'LMT' needs the place (minutes: NaN).
 */
export function parseOffsetOverride(text: string): OffsetOverride | undefined {
  const t = text.trim();
  const utc = /^(?:UTC|GMT)\s*([+-])\s*(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?$/i.exec(t);
  if (utc) {
    const minutes = (Number(utc[2]) * 60 + Number(utc[3] ?? 0) + Number(utc[4] ?? 0) / 60) * (utc[1] === '-' ? -1 : 1);
    if (Math.abs(minutes) > 14 * 60) return undefined;
    return { minutes, label: `offset given by you (UTC+${formatOffset(minutes)})`, used: { kind: 'given', minutes } };
  }
  if (/^(?:LMT|local mean time)$/i.test(t))
    return { minutes: Number.NaN, label: 'local mean time', used: { kind: 'lmt', minutes: Number.NaN } };
  const city = /^(bombay|calcutta|madras)\s+(?:mean\s+)?time$/i.exec(t)?.[1]?.toLowerCase() as keyof typeof CITY_TIMES | undefined;
  const c = city ? CITY_TIMES[city]() : undefined;
  if (city && c)
    return {
      minutes: c.minutes,
      label: `${c.name}, as given by you (UTC+${formatOffset(c.minutes)})`,
      used: { kind: 'city', minutes: c.minutes, city },
    };
  return undefined;
}

/** Local birth date and time at a place to UTC, with the offset used. */
export function birthToUtc(
  place: Place,
  date: { day: number; month: number; year: number },
  time: { hour: number; minute: number },
  override?: OffsetOverride,
) {
  let offset = offsetFor(place, date, time);
  if (override) offset = Number.isNaN(override.minutes) ? lmt(place) : override;
  const localMs = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  return { utc: new Date(localMs - offset.minutes * 60_000), offset };
}

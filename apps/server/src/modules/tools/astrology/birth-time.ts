import type { Place } from '@/modules/tools/astrology/places';

/**
 * The UTC offset in minutes used for a civil time at a place in India: local mean time (longitude
 * / 15) before 1906, Indian war time (+6:30) from 1 September 1942 to 15 October 1945, otherwise
 * IST (+5:30). Neighbouring countries use their standard offset.
 */
export function offsetFor(place: Place, local: { year: number; month: number; day: number }): { minutes: number; label: string } {
  const stamp = local.year * 10_000 + local.month * 100 + local.day;
  if (place.zone === 'Asia/Kolkata') {
    if (local.year < 1906) return { minutes: (place.lon / 15) * 60, label: `local mean time (UTC+${formatOffset((place.lon / 15) * 60)})` };
    if (stamp >= 19420901 && stamp < 19451015) return { minutes: 390, label: 'Indian war time (UTC+06:30)' };
    return { minutes: 330, label: 'Indian Standard Time (UTC+05:30)' };
  }
  const fixed = { 'Asia/Karachi': 300, 'Asia/Dhaka': 360, 'Asia/Kathmandu': 345, 'Asia/Colombo': 330 }[place.zone];
  return { minutes: fixed, label: `standard time (UTC+${formatOffset(fixed)})` };
}

export function formatOffset(minutes: number) {
  const total = Math.round(minutes * 60);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}

/** Parses 'dd mm yyyy' and 'hh:mm AM' into UTC at the place. */
export function birthToUtc(place: Place, date: { day: number; month: number; year: number }, time: { hour: number; minute: number }) {
  const offset = offsetFor(place, date);
  const localMs = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  return { utc: new Date(localMs - offset.minutes * 60_000), offset };
}

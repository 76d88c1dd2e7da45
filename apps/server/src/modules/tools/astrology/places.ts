import { PLACES } from '@/modules/tools/astrology/places-data';

export type Place = {
  name: string;
  lat: number;
  lon: number;
  zone: 'Asia/Kolkata' | 'Asia/Karachi' | 'Asia/Dhaka' | 'Asia/Kathmandu' | 'Asia/Colombo';
};

const key = (s: string) =>
  s
    .toLowerCase()
    .split(',')[0]
    ?.normalize('NFKD')
    .replace(/[^a-z]/g, '') ?? '';

const ZONES: Record<string, Place['zone']> = {
  Karachi: 'Asia/Karachi',
  Lahore: 'Asia/Karachi',
  Dhaka: 'Asia/Dhaka',
  Kathmandu: 'Asia/Kathmandu',
  Colombo: 'Asia/Colombo',
};

const INDEX = new Map<string, Place>();
for (const [name, lat, lon, aliases] of PLACES) {
  const place: Place = { name, lat, lon, zone: ZONES[name] ?? 'Asia/Kolkata' };
  for (const n of [name, ...(aliases ?? [])]) INDEX.set(key(n), place);
}

/** Resolves a birth place offline, by today's or old name ("Bombay", "Madras, India"). */
export function resolvePlace(input: string): Place | undefined {
  const k = key(input.replace(/\b(city|district|india)\b/gi, ''));
  return k ? INDEX.get(k) : undefined;
}

export const PLACE_COUNT = INDEX.size;

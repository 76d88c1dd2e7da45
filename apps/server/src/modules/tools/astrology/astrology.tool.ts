import type { AstrologyFacts } from '@sangam/contracts';
import { AppError } from '@/errors';
import { birthToUtc } from '@/modules/tools/astrology/birth-time';
import { computeChart } from '@/modules/tools/astrology/chart';
import { vimshottari } from '@/modules/tools/astrology/dasha';
import { resolvePlace } from '@/modules/tools/astrology/places';
import type { ToolHandler } from '@/modules/tools/tool-registry';

const HEADER = /^ASTR:\s*(\d{1,2})\s+(\d{1,2})\s+(\d{4})\s+(.+?)\s+(\d{1,2}):(\d{2})\s*(AM|PM)\s*(?:\n([\s\S]*))?$/i;
export const DEFAULT_ASTRO_QUESTION = 'Please provide my detailed astrological reading based on my birth chart';

/** Parses 'ASTR: {dd mm yyyy} {place} {hh:mm AM}' and the question after it. */
export function parseAstrologyPrompt(prompt: string) {
  const m = HEADER.exec(prompt.trim());
  if (!m) throw new AppError('BIRTH_DATA_INVALID');
  const [day, month, year, hour12, minute] = [m[1], m[2], m[3], m[5], m[6]].map((x) => Number(x));
  const isPm = (m[7] ?? '').toUpperCase() === 'PM';
  const hour = ((hour12 ?? 12) % 12) + (isPm ? 12 : 0);
  const check = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0));
  if (
    !day ||
    !month ||
    !year ||
    check.getUTCDate() !== day ||
    check.getUTCMonth() !== month - 1 ||
    (hour12 ?? 0) < 1 ||
    (hour12 ?? 0) > 12 ||
    (minute ?? 0) > 59 ||
    year < 1800 ||
    year > 2100
  ) {
    throw new AppError('BIRTH_DATA_INVALID');
  }
  return {
    date: { day, month, year },
    time: { hour, minute: minute ?? 0 },
    placeText: (m[4] ?? '').trim(),
    question: (m[8] ?? '').trim() || DEFAULT_ASTRO_QUESTION,
  };
}

const fmt = (x: number) => `${Math.floor(x)}°${String(Math.floor((x % 1) * 60)).padStart(2, '0')}'`;

export function computeAstrologyFacts(prompt: string, now = new Date()): { facts: AstrologyFacts; question: string } {
  const parsed = parseAstrologyPrompt(prompt);
  const place = resolvePlace(parsed.placeText);
  if (!place) throw new AppError('PLACE_NOT_FOUND', { detail: `We could not find "${parsed.placeText}". Please enter a nearby city.` });
  const { utc, offset } = birthToUtc(place, parsed.date, parsed.time);
  const chart = computeChart(utc, place.lat, place.lon);
  const moon = chart.grahas.find((g) => g.graha === 'Moon');
  const dasha = vimshottari(moon?.longitude ?? 0, utc, now);
  return {
    question: parsed.question,
    facts: {
      place: { name: place.name, lat: place.lat, lon: place.lon },
      utc: utc.toISOString(),
      offset: offset.label,
      chart,
      dasha: { current: dasha.current, periods: dasha.periods },
    },
  };
}

function factsText(f: AstrologyFacts) {
  const rows = f.chart.grahas.map(
    (g) =>
      `- ${g.graha}: ${g.sign} ${fmt(g.degree)}, house ${g.house}, ${g.nakshatra} pada ${g.pada}${g.isRetrograde ? ', retrograde' : ''}`,
  );
  return [
    `Birth: ${f.utc} UTC at ${f.place.name} (${f.place.lat.toFixed(2)}°N, ${f.place.lon.toFixed(2)}°E), local time taken as ${f.offset}.`,
    `Sidereal zodiac, Lahiri ayanamsa ${fmt(f.chart.ayanamsa)}, whole-sign houses.`,
    `Ascendant (Lagna): ${f.chart.ascendant.sign} ${fmt(f.chart.ascendant.degree)}, ${f.chart.ascendant.nakshatra} pada ${f.chart.ascendant.pada}.`,
    ...rows,
    `Current Vimshottari mahadasha: ${f.dasha.current ? `${f.dasha.current.lord} (${f.dasha.current.start} to ${f.dasha.current.end})` : 'unknown'}.`,
  ].join('\n');
}

/** Vedic astrology: the chart is computed here; the models write the reading around it. */
export const astrologyTool: ToolHandler = {
  id: 'astrology',
  matches: (prompt) => prompt.startsWith('ASTR:'),
  prepare: async ({ prompt }) => {
    const { facts, question } = computeAstrologyFacts(prompt);
    const system = `You are a thoughtful Vedic astrologer (Jyotish). Give a reading for the person whose chart was computed below. The chart facts are exact and final: never contradict them, never move a graha to another sign, house or nakshatra, and name the current mahadasha as given. Explain the Lagna, the Moon, notable placements and the current dasha in warm, practical language, with headings. Astrology is a cultural tradition, not a science: never predict death, illness or disaster, and end with a short note that the reading is for reflection.\n\nCHART FACTS\n${factsText(facts)}`;
    return { system, user: question, facts };
  },
};

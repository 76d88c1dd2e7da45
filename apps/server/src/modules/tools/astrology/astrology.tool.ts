import { type AstrologyFacts, type ChartFact, TOOL_PREFIXES } from '@sangam/contracts';
import { AppError } from '@/errors';
import { AYANAMSA_DEFINITIONS, type AyanamsaId } from '@/modules/tools/astrology/ayanamsa';
import { birthToUtc, type OffsetOverride, parseOffsetOverride, TZDB_VERSION } from '@/modules/tools/astrology/birth-time';
import { computeChart } from '@/modules/tools/astrology/chart';
import { vimshottari } from '@/modules/tools/astrology/dasha';
import { resolvePlace } from '@/modules/tools/astrology/places';
import { chartFactList, checkReading } from '@/modules/tools/astrology/reading-check';
import type { Tool } from '@/modules/tools/tool';

const HEADER = /^ASTR:\s*(\d{1,2})\s+(\d{1,2})\s+(\d{4})\s+(.+?)\s+(\d{1,2}):(\d{2})\s*(AM|PM)(?:[ \t]+([^\n]*?))?[ \t]*(?:\n([\s\S]*))?$/i;
const AYANAMSA_NAMES: Record<string, AyanamsaId> = {
  lahiri: 'lahiri',
  chitrapaksha: 'lahiri',
  raman: 'raman',
  kp: 'kp',
  krishnamurti: 'kp',
};

/**
 * Options after the birth time, separated by commas or semicolons: an ayanamsa ('Lahiri', the default;
 * 'Raman'; 'KP') and an offset that overrides tzdb's ('UTC+04:51', 'LMT', 'Bombay time', 'Calcutta time').
 */
export function parseAstrologyOptions(text: string): { ayanamsa: AyanamsaId; override?: OffsetOverride } {
  let ayanamsa: AyanamsaId = 'lahiri';
  let override: OffsetOverride | undefined;
  for (const raw of text.split(/[,;]/)) {
    const part = raw.trim();
    if (!part) continue;
    const name = part
      .toLowerCase()
      .replace(/\bayanamsh?a\b/g, '')
      .replace(/[^a-z]/g, '');
    const chosen = AYANAMSA_NAMES[name];
    const offset = chosen ? undefined : parseOffsetOverride(part);
    if (chosen) ayanamsa = chosen;
    else if (offset) override = offset;
    else throw new AppError('BIRTH_DATA_INVALID', { detail: `"${part}" is neither an ayanamsa (Lahiri, Raman, KP) nor a UTC offset.` });
  }
  return { ayanamsa, ...(override ? { override } : {}) };
}
export const DEFAULT_ASTRO_QUESTION = 'Please provide my detailed astrological reading based on my birth chart';

/** Parses 'ASTR: {dd mm yyyy} {place} {hh:mm AM}' and the question after it. */
export function parseAstrologyPrompt(prompt: string) {
  const m = HEADER.exec(prompt.replace(/\r\n?/g, '\n').trim());
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
    ...parseAstrologyOptions(m[8] ?? ''),
    question: (m[9] ?? '').trim() || DEFAULT_ASTRO_QUESTION,
  };
}

const fmt = (x: number) => `${Math.floor(x)}°${String(Math.floor((x % 1) * 60)).padStart(2, '0')}'`;

export function computeAstrologyFacts(prompt: string, now = new Date()): { facts: AstrologyFacts; question: string } {
  const parsed = parseAstrologyPrompt(prompt);
  const place = resolvePlace(parsed.placeText);
  if (!place) throw new AppError('PLACE_NOT_FOUND', { detail: `We could not find "${parsed.placeText}". Please enter a nearby city.` });
  const { utc, offset } = birthToUtc(place, parsed.date, parsed.time, parsed.override);
  const chart = computeChart(utc, place.lat, place.lon, parsed.ayanamsa);
  const moon = chart.grahas.find((g) => g.graha === 'Moon');
  const dasha = vimshottari(moon?.longitude ?? 0, utc, now);
  return {
    question: parsed.question,
    facts: {
      place: { name: place.name, lat: place.lat, lon: place.lon },
      utc: utc.toISOString(),
      offset: offset.label,
      offsetUsed: offset.used,
      chart,
      dasha: {
        current: dasha.current,
        periods: dasha.periods,
        antardashas: dasha.antardashas,
        currentAntardasha: dasha.currentAntardasha,
        pratyantardashas: dasha.pratyantardashas,
        currentPratyantardasha: dasha.currentPratyantardasha,
      },
      ayanamsaSystem: {
        id: parsed.ayanamsa,
        name: AYANAMSA_DEFINITIONS[parsed.ayanamsa].name,
        source: AYANAMSA_DEFINITIONS[parsed.ayanamsa].source,
      },
      node: 'mean',
      tzdb: TZDB_VERSION,
    },
  };
}

function factsText(f: AstrologyFacts, list: ChartFact[]) {
  return [
    `Birth: ${f.utc} UTC at ${f.place.name} (${f.place.lat.toFixed(2)}°N, ${f.place.lon.toFixed(2)}°E), local time taken as ${f.offset}.`,
    `Sidereal zodiac, ${f.ayanamsaSystem?.name ?? 'Lahiri (Chitrapaksha)'} ayanamsa ${fmt(f.chart.ayanamsa)} (${f.ayanamsaSystem?.source ?? ''}), whole-sign houses. Rahu and Ketu are the mean lunar node.`,
    ...list.map((x) => `[${x.id}] ${x.text}`),
    ...(f.dasha.current ? [] : ['No Vimshottari mahadasha is running now (the 120-year cycle from birth has ended).']),
  ].join('\n');
}

export const ASTROLOGY_SYSTEM = (f: AstrologyFacts, list: ChartFact[]) =>
  `You are a thoughtful Vedic astrologer (Jyotish). Give a reading for the person whose chart was computed below. The chart facts are exact and final: never contradict them, never move a graha to another sign, house or nakshatra, and name the current mahadasha, antardasha and pratyantardasha as given. Each chart fact has an id in square brackets: after every statement that rests on a fact, cite its id the same way, for example "Your Moon in Cancer [F3] ...", and cite only ids from the list. Call the nodes Rahu and Ketu (mean node). Explain the Lagna, the Moon, notable placements and the current dasha in warm, practical language, with headings. Astrology is a cultural tradition, not a science: never predict death, illness or disaster, and end with a short note that the reading is for reflection.\n\nCHART FACTS\n${factsText(f, list)}`;

/**
 * Vedic astrology: the chart is computed here and given to the models as numbered facts; `check`
 * links the reading's statements to them (chips) and marks any placement that contradicts the chart.
 */
export const astrologyTool: Tool<'astrology'> = {
  id: 'astrology',
  matches: (prompt) => prompt.startsWith(TOOL_PREFIXES.astrology),
  prepare: async ({ prompt }) => {
    const { facts, question } = computeAstrologyFacts(prompt);
    const factList = chartFactList(facts);
    return { system: ASTROLOGY_SYSTEM(facts, factList), user: question, facts: { ...facts, factList } };
  },
  check: async ({ answer, facts }) => {
    if (!facts) return { answer };
    const checked = checkReading(answer, facts, facts.factList ?? chartFactList(facts));
    return { answer: checked.answer, facts: { ...facts, ...checked.check } };
  },
};

import type { AstrologyFacts, AstrologyReadingCheck, ChartClaim, ChartFact } from '@sangam/contracts';

/**
 * The reading's link to the chart (issue 14). The chart is given to the models as a numbered list of
 * facts ([F1] the ascendant, [F2]-[F10] the grahas, then the running dashas); they cite the fact each
 * statement rests on by id, and the check afterwards (like the scripture citation and nutrition figure
 * checks) turns the ids into chips, marks ids that do not exist, and compares every placement the
 * reading states (a graha's sign, house or nakshatra, the ascendant's sign or nakshatra, the running
 * dashas) with the computed chart, marking each claim that disagrees with the chart's own fact.
 */

const fmt = (x: number) => `${Math.floor(x)}°${String(Math.floor((x % 1) * 60)).padStart(2, '0')}'`;
/** 'Rahu (mean node)' and 'Ketu (mean node)': the nodes are the mean lunar node and its opposite. */
export const grahaLabel = (graha: string) => (graha === 'Rahu' || graha === 'Ketu' ? `${graha} (mean node)` : graha);
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/**
 * The chart as numbered facts, in a fixed order so that ids are stable for one chart. Each carries its
 * English words (`label`, `text`: what the models read and cite) and the same placement as data, from
 * which the screens write the chip in the reader's language (issue 24).
 */
export function chartFactList(f: AstrologyFacts): ChartFact[] {
  const a = f.chart.ascendant;
  const list: ChartFact[] = [
    {
      id: 'F1',
      kind: 'ascendant',
      label: 'Ascendant (Lagna)',
      text: `Ascendant (Lagna) in ${a.sign} ${fmt(a.degree)}, ${a.nakshatra} pada ${a.pada}`,
      sign: a.sign,
      degree: a.degree,
      nakshatra: a.nakshatra,
      pada: a.pada,
    },
  ];
  for (const g of f.chart.grahas)
    list.push({
      id: `F${list.length + 1}`,
      kind: 'graha',
      graha: g.graha,
      label: grahaLabel(g.graha),
      text: `${grahaLabel(g.graha)} in ${g.sign} ${fmt(g.degree)}, ${ordinal(g.house)} house, ${g.nakshatra} pada ${g.pada}${g.isRetrograde ? ', retrograde' : ''}`,
      sign: g.sign,
      degree: g.degree,
      house: g.house,
      nakshatra: g.nakshatra,
      pada: g.pada,
      isRetrograde: g.isRetrograde,
    });
  const periods = [
    ['mahadasha', f.dasha.current],
    ['antardasha', f.dasha.currentAntardasha],
    ['pratyantardasha', f.dasha.currentPratyantardasha],
  ] as const;
  for (const [kind, p] of periods)
    if (p)
      list.push({
        id: `F${list.length + 1}`,
        kind,
        graha: p.lord,
        label: `Current ${kind}`,
        text: `Current Vimshottari ${kind}: ${p.lord} (${p.start} to ${p.end})`,
        start: p.start,
        end: p.end,
      });
  return list;
}

// ---------------------------------------------------------------------------------------------
// The words a reading uses for grahas, signs, houses and nakshatras.

const GRAHA_WORDS: Record<string, string[]> = {
  Sun: ['Sun', 'Surya', 'Ravi'],
  Moon: ['Moon', 'Chandra', 'Chandrama'],
  Mars: ['Mars', 'Mangal', 'Mangala', 'Kuja'],
  Mercury: ['Mercury', 'Budha', 'Budh'],
  Jupiter: ['Jupiter', 'Guru', 'Brihaspati'],
  Venus: ['Venus', 'Shukra', 'Sukra'],
  Saturn: ['Saturn', 'Shani', 'Sani'],
  Rahu: ['Rahu'],
  Ketu: ['Ketu'],
};
const ASCENDANT_WORDS = ['Ascendant', 'Lagna', 'rising sign', 'Lagnam'];
const SIGN_WORDS: Record<string, string[]> = {
  Aries: ['Aries', 'Mesha'],
  Taurus: ['Taurus', 'Vrishabha', 'Vrishabh', 'Vrisha'],
  Gemini: ['Gemini', 'Mithuna', 'Mithun'],
  Cancer: ['Cancer', 'Karka', 'Karkata', 'Kataka'],
  Leo: ['Leo', 'Simha'],
  Virgo: ['Virgo', 'Kanya'],
  Libra: ['Libra', 'Tula', 'Thula'],
  Scorpio: ['Scorpio', 'Vrischika', 'Vrishchika', 'Vrishchik'],
  Sagittarius: ['Sagittarius', 'Dhanu', 'Dhanus'],
  Capricorn: ['Capricorn', 'Makara', 'Makar'],
  Aquarius: ['Aquarius', 'Kumbha'],
  Pisces: ['Pisces', 'Meena'],
};
const NAKSHATRA_WORDS: Record<string, string[]> = {
  Ashwini: ['Ashwini', 'Aswini', 'Ashvini'],
  Bharani: ['Bharani'],
  Krittika: ['Krittika', 'Kritika', 'Karthika', 'Kartika'],
  Rohini: ['Rohini'],
  Mrigashira: ['Mrigashira', 'Mrigashirsha', 'Mrigasira', 'Mrigasheersha'],
  Ardra: ['Ardra', 'Arudra', 'Aridra'],
  Punarvasu: ['Punarvasu', 'Punarpusam'],
  Pushya: ['Pushya', 'Pushyami', 'Pooyam', 'Pusya'],
  Ashlesha: ['Ashlesha', 'Aslesha', 'Ashlesa', 'Ayilyam'],
  Magha: ['Magha', 'Makha'],
  'Purva Phalguni': ['Purva Phalguni', 'Purvaphalguni', 'Purva Falguni', 'Pubba'],
  'Uttara Phalguni': ['Uttara Phalguni', 'Uttaraphalguni', 'Uttara Falguni', 'Uttiram'],
  Hasta: ['Hasta', 'Hastha'],
  Chitra: ['Chitra', 'Chithra', 'Chitta'],
  Swati: ['Swati', 'Svati', 'Swathi'],
  Vishakha: ['Vishakha', 'Visakha', 'Vishaka', 'Visakam'],
  Anuradha: ['Anuradha', 'Anusham'],
  Jyeshtha: ['Jyeshtha', 'Jyestha', 'Jyeshta', 'Kettai'],
  Mula: ['Mula', 'Moola', 'Moolam'],
  'Purva Ashadha': ['Purva Ashadha', 'Purvashadha', 'Purva Ashada', 'Pooradam'],
  'Uttara Ashadha': ['Uttara Ashadha', 'Uttarashadha', 'Uttara Ashada', 'Uthradam'],
  Shravana: ['Shravana', 'Sravana', 'Shravan', 'Thiruvonam'],
  Dhanishta: ['Dhanishta', 'Dhanishtha', 'Shravishtha', 'Avittam'],
  Shatabhisha: ['Shatabhisha', 'Satabhisha', 'Shatabhishak', 'Sadayam'],
  'Purva Bhadrapada': ['Purva Bhadrapada', 'Purvabhadra', 'Purva Bhadra', 'Poorattathi'],
  'Uttara Bhadrapada': ['Uttara Bhadrapada', 'Uttarabhadra', 'Uttara Bhadra', 'Uthrattathi'],
  Revati: ['Revati', 'Revathi'],
};
const HOUSE_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

const escapeWord = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+');
const alternation = (words: string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeWord)
    .join('|');
const lookup = (table: Record<string, string[]>) => {
  const byWord = new Map<string, string>();
  for (const [name, words] of Object.entries(table)) for (const w of words) byWord.set(w.toLowerCase().replace(/[\s-]+/g, ' '), name);
  return (word: string) => byWord.get(word.toLowerCase().replace(/[\s-]+/g, ' '));
};
/** Every sign, nakshatra and graha of the chart has its words here (tested against chart.ts). */
export const WORDS = { grahas: GRAHA_WORDS, signs: SIGN_WORDS, nakshatras: NAKSHATRA_WORDS };
const grahaOf = lookup(GRAHA_WORDS);
const signOf = lookup(SIGN_WORDS);
const nakshatraOf = lookup(NAKSHATRA_WORDS);

const GRAHA_RE = alternation(Object.values(GRAHA_WORDS).flat());
const SUBJECT = new RegExp(String.raw`\b(?:(${GRAHA_RE})|(${alternation(ASCENDANT_WORDS)}))\b`, 'gi');
const HOUSE_NUMBER = String.raw`(?:(\d{1,2})(?:st|nd|rd|th)|(${HOUSE_WORDS.join('|')}))`;
/** A placement named in the text: a sign, a house ('10th house', 'house 10', 'tenth bhava') or a nakshatra. */
const PLACE = new RegExp(
  [
    String.raw`\b(${alternation(Object.values(NAKSHATRA_WORDS).flat())})(?:\s+nakshatra)?\b`,
    String.raw`\b(${alternation(Object.values(SIGN_WORDS).flat())})\b`,
    String.raw`\b${HOUSE_NUMBER}[\s-]+(?:house|bhava|bhav)\b`,
    String.raw`\b(?:house|bhava)\s+(\d{1,2})\b`,
  ].join('|'),
  'gi',
);

type Mention = { start: number; end: number };
type Subject = Mention & { subject: string };
type Place = Mention & { kind: 'sign' | 'house' | 'nakshatra'; value: string };

function subjectsIn(text: string): Subject[] {
  return [...text.matchAll(SUBJECT)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    subject: m[1] ? (grahaOf(m[1]) ?? m[1]) : 'Ascendant',
  }));
}

function placesIn(text: string): Place[] {
  const out: Place[] = [];
  for (const m of text.matchAll(PLACE)) {
    const at = { start: m.index ?? 0, end: (m.index ?? 0) + m[0].length };
    if (m[1]) out.push({ ...at, kind: 'nakshatra', value: nakshatraOf(m[1]) ?? m[1] });
    else if (m[2]) out.push({ ...at, kind: 'sign', value: signOf(m[2]) ?? m[2] });
    else {
      const n = m[3] ? Number(m[3]) : m[4] ? HOUSE_WORDS.indexOf(m[4].toLowerCase()) + 1 : Number(m[5]);
      if (n >= 1 && n <= 12) out.push({ ...at, kind: 'house', value: String(n) });
    }
  }
  return out;
}

/**
 * Words that may stand between a graha and where it is said to be: "Moon in Cancer", "Moon is placed
 * in the 10th house", "Rahu (mean node), posited in Cancer", "Saturn occupies the 2nd house", "Moon
 * at 12° Cancer". Earlier placements of the same graha may stand in between ("Moon in Cancer, in the
 * 10th house"); they are replaced by '#' before this is tried.
 */
const VERBS = String.raw`(?:(?:is|was|sits|sitting|placed|posited|positioned|located|situated|resides|residing|falls|lies|stationed|here|also|itself|well|strongly|comfortably|exalted|debilitated|retrograde|being|which|that|,|\s)+)?`;
const ARTICLES = String.raw`(?:(?:the|your|its|his|her|their|a|an|sign|of|sidereal|\d{1,2}°(?:\s*\d{1,2}')?)\s+)*`;
const LINK = new RegExp(
  String.raw`^(?:\s*\([^)]*\))?(?:\s*\[F\d+\])*\s*,?\s*` +
    VERBS +
    String.raw`(?:in|at|occupies|occupying|occupy|into|within)\s+` +
    ARTICLES +
    String.raw`(?:#(?:\s*(?:\[F\d+\]|house|bhava|nakshatra|sign|pada\s+\d))*\s*(?:,|and|&)?\s*` +
    VERBS +
    String.raw`(?:(?:in|at|occupies|occupying)\s+)?` +
    ARTICLES +
    ')*$',
  'i',
);
/** "Leo Sun", "10th-house Moon", "Rohini Moon", "Libra ascendant", "Libra Lagna": the placement right before its subject. */
const ADJACENT = /^[\s-]*$/;
const RISING = /^[\s-]+rising\b/i;

const SENTENCE_END = /[.!?;\n]+(?=\s|$)|\n/g;
function sentences(text: string): Mention[] {
  const out: Mention[] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = (m.index ?? 0) + m[0].length;
    out.push({ start: from, end });
    from = end;
  }
  if (from < text.length) out.push({ start: from, end: text.length });
  return out;
}

type RawClaim = { start: number; end: number; subject: string; kind: ChartClaim['kind']; claimed: string };

/** The placements a sentence states, each bound to the graha (or ascendant) it is said of. */
function placementClaims(text: string, offset: number): RawClaim[] {
  const subjects = subjectsIn(text);
  const places = placesIn(text).filter((p) => !subjects.some((s) => p.start < s.end && s.start < p.end));
  const claims: RawClaim[] = [];
  for (const p of places) {
    const rest = text.slice(p.end);
    // "the 10th house from the Moon" counts from another point than the ascendant: not a placement in the chart's houses.
    if (p.kind === 'house' && /^\s+(?:counted\s+)?from\b/i.test(rest)) continue;
    let subject: string | undefined;
    let end = p.end;
    // "Leo Sun", "10th-house Saturn", "Libra ascendant", "Cancer rising": the mark goes after the subject.
    const next = subjects.find((s) => s.start >= p.end);
    const rising = RISING.exec(rest);
    if (next && ADJACENT.test(text.slice(p.end, next.start))) {
      subject = next.subject;
      end = next.end;
    } else if (p.kind === 'sign' && rising) {
      subject = 'Ascendant';
      end = p.end + rising[0].length;
    } else {
      const before = subjects.filter((s) => s.end <= p.start).at(-1);
      if (before) {
        let between = text.slice(before.end, p.start);
        for (const q of places)
          if (q.start >= before.end && q.end <= p.start)
            between = between.slice(0, q.start - before.end) + '#'.padEnd(q.end - q.start, ' ') + between.slice(q.end - before.end);
        between = between.replace(/# +/g, '# ').replace(/ {2,}/g, ' ');
        if (between.length <= 120 && LINK.test(between)) subject = before.subject;
      }
    }
    if (!subject || (subject === 'Ascendant' && p.kind === 'house')) continue;
    claims.push({ start: offset + p.start, end: offset + end, subject, kind: p.kind, claimed: p.value });
  }
  return claims;
}

const DASHA_KIND = String.raw`(maha\s?dasha|mahadasa|maha\s?dasa|antar\s?dasha|antardasa|bhukti|pratyantar\s?dasha|pratyantardasa)`;
const DASHA = new RegExp(
  String.raw`\b(?:(${GRAHA_RE})(?:[\s-]+(${GRAHA_RE}))?[\s-]+${DASHA_KIND}|${DASHA_KIND}\s+of\s+(?:the\s+)?(${GRAHA_RE}))\b`,
  'gi',
);
const NOW = /\b(current|currently|running|now|present|presently|ongoing|at the moment|these years)\b/i;
const NOT_NOW =
  /\b(will|next|begins?|starts?|follows?|followed|after|until|till|then|later|earlier|previous|past|ended|ends|coming|upcoming|future|was|were|from \d{4}|in \d{4}|by \d{4})\b/i;
const kindOf = (word: string): 'mahadasha' | 'antardasha' | 'pratyantardasha' => {
  const w = word.toLowerCase().replace(/\s/g, '');
  return w.startsWith('pratyantar') ? 'pratyantardasha' : w.startsWith('antar') || w === 'bhukti' ? 'antardasha' : 'mahadasha';
};

/** The running dashas a sentence names ("you are now in Saturn mahadasha", "the current Saturn-Venus period"). */
function dashaClaims(text: string, offset: number): RawClaim[] {
  if (!NOW.test(text) || NOT_NOW.test(text)) return [];
  const claims: RawClaim[] = [];
  for (const m of text.matchAll(DASHA)) {
    const start = offset + (m.index ?? 0);
    const end = start + m[0].length;
    if (m[5]) {
      claims.push({ start, end, subject: 'Dasha', kind: kindOf(m[4] ?? ''), claimed: grahaOf(m[5]) ?? m[5] });
      continue;
    }
    const first = grahaOf(m[1] ?? '') ?? '';
    const second = m[2] ? grahaOf(m[2]) : undefined;
    const kind = kindOf(m[3] ?? '');
    if (second && kind === 'mahadasha') {
      // "Saturn-Venus dasha": mahadasha of the first, antardasha of the second.
      claims.push({ start, end, subject: 'Dasha', kind: 'mahadasha', claimed: first });
      claims.push({ start, end, subject: 'Dasha', kind: 'antardasha', claimed: second });
    } else claims.push({ start, end, subject: 'Dasha', kind, claimed: second ?? first });
  }
  return claims;
}

/** What the chart says for a claim, and the fact it is read from. */
function expectedFor(c: RawClaim, f: AstrologyFacts, list: ChartFact[]): { expected: string; fact: ChartFact } | undefined {
  if (c.subject === 'Dasha') {
    const fact = list.find((x) => x.kind === c.kind);
    return fact?.graha ? { expected: fact.graha, fact } : undefined;
  }
  if (c.subject === 'Ascendant') {
    const fact = list.find((x) => x.kind === 'ascendant');
    const a = f.chart.ascendant;
    const expected = c.kind === 'sign' ? a.sign : c.kind === 'nakshatra' ? a.nakshatra : undefined;
    return fact && expected ? { expected, fact } : undefined;
  }
  const g = f.chart.grahas.find((x) => x.graha === c.subject);
  const fact = list.find((x) => x.kind === 'graha' && x.graha === c.subject);
  if (!g || !fact) return undefined;
  const expected = c.kind === 'sign' ? g.sign : c.kind === 'house' ? String(g.house) : c.kind === 'nakshatra' ? g.nakshatra : undefined;
  return expected ? { expected, fact } : undefined;
}

const said = (c: { subject: string; kind: ChartClaim['kind'] }, value: string) => {
  if (c.subject === 'Dasha') return `the current ${c.kind} is ${value}'s`;
  const who =
    c.subject === 'Ascendant' ? 'the ascendant' : `${c.subject === 'Sun' || c.subject === 'Moon' ? 'the ' : ''}${grahaLabel(c.subject)}`;
  if (c.kind === 'house') return `${who} is in the ${ordinal(Number(value))} house`;
  if (c.kind === 'nakshatra') return `${who} is in ${value} nakshatra`;
  return `${who} is in ${value}`;
};

const CITE = /\[\s*(F\d{1,3}(?:\s*[,;]\s*F\d{1,3})*)\s*\]/gi;

/**
 * Checks a finished reading against the chart: fact ids become chips (unknown ids are marked), and
 * every sign, house, nakshatra or running dasha the reading states that disagrees with the chart is
 * marked in the text with the chart's own fact, "(does not match the chart: the Moon is in Cancer [F3])".
 */
export function checkReading(answer: string, facts: AstrologyFacts, list = chartFactList(facts)) {
  const claims: ChartClaim[] = [];
  const marks: Array<{ at: number; text: string }> = [];
  for (const s of sentences(answer)) {
    const text = answer.slice(s.start, s.end);
    for (const c of [...placementClaims(text, s.start), ...dashaClaims(text, s.start)]) {
      const e = expectedFor(c, facts, list);
      if (!e) continue;
      const isConsistent = e.expected === c.claimed;
      claims.push({
        text: answer.slice(c.start, c.end),
        subject: c.subject,
        kind: c.kind,
        claimed: c.claimed,
        expected: e.expected,
        isConsistent,
        factId: e.fact.id,
      });
      // The mark follows the claim and any fact ids cited right after it.
      const at = c.end + (/^(?:\s*\[\s*F\d{1,3}[^\]]*\])*/i.exec(answer.slice(c.end))?.[0].length ?? 0);
      if (!isConsistent && !marks.some((m) => m.at === at))
        marks.push({ at, text: ` (does not match the chart: ${said(c, e.expected)} [${e.fact.id}])` });
    }
  }
  let marked = '';
  let at = 0;
  for (const m of marks.sort((a, b) => a.at - b.at)) {
    marked += answer.slice(at, m.at) + m.text;
    at = m.at;
  }
  marked += answer.slice(at);

  // Fact ids: "[F3, F5]" is written "[F3][F5]"; an id outside the list is marked and not a chip.
  const known = new Map(list.map((x) => [x.id.toUpperCase(), x]));
  const cited: string[] = [];
  const unknown: string[] = [];
  const text = marked.replace(CITE, (_all, ids: string) =>
    ids
      .split(/\s*[,;]\s*/)
      .map((raw) => {
        const id = raw.toUpperCase();
        if (!known.has(id)) {
          if (!unknown.includes(id)) unknown.push(id);
          return `(${id}: no such chart fact)`;
        }
        if (!cited.includes(id)) cited.push(id);
        return `[${id}]`;
      })
      .join(''),
  );
  const check: Required<AstrologyReadingCheck> = {
    factList: list,
    chips: cited.map((id) => known.get(id)).filter((x): x is ChartFact => Boolean(x)),
    unknownFactIds: unknown,
    claims,
  };
  return { answer: text, check };
}

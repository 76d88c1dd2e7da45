import { describe, expect, it } from 'vitest';
import { astrologyTool, computeAstrologyFacts } from '@/modules/tools/astrology/astrology.tool';
import { GRAHAS, NAKSHATRAS, SIGNS } from '@/modules/tools/astrology/chart';
import { chartFactList, checkReading, WORDS } from '@/modules/tools/astrology/reading-check';

// Pune, 15 August 1990, 10:30 IST, read on 22 November 2026: Virgo ascendant, Moon in Taurus (Rohini),
// Jupiter mahadasha, Venus antardasha and pratyantardasha (see the fact list test below).
const NOW = new Date('2026-11-22T00:00:00Z');
const { facts } = computeAstrologyFacts('ASTR: 15 08 1990 Pune 10:30 AM', NOW);
const list = chartFactList(facts);
const grahaOf = (g: string) => {
  const p = facts.chart.grahas.find((x) => x.graha === g);
  if (!p) throw new Error(`${g} missing`);
  return p;
};
const idOf = (g: string) => list.find((x) => x.graha === g && x.kind === 'graha')?.id;
const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
const otherSign = (s: string) => SIGNS[(SIGNS.indexOf(s as (typeof SIGNS)[number]) + 5) % 12] ?? 'Aries';

describe('the chart as numbered facts', () => {
  it('numbers the ascendant, the nine grahas and the running dashas, each with the chart’s own values', () => {
    expect(list.map((x) => x.id)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12', 'F13']);
    expect(list[0]?.text).toMatch(new RegExp(`^Ascendant \\(Lagna\\) in ${facts.chart.ascendant.sign} `));
    for (const g of facts.chart.grahas) {
      const fact = list.find((x) => x.graha === g.graha && x.kind === 'graha');
      expect(fact?.text).toContain(`in ${g.sign} `);
      expect(fact?.text).toContain(`${ordinal(g.house)} house, ${g.nakshatra} pada ${g.pada}`);
    }
    expect(list.find((x) => x.graha === 'Rahu')?.label).toBe('Rahu (mean node)');
    expect(list.slice(10).map((x) => [x.kind, x.graha])).toEqual([
      ['mahadasha', facts.dasha.current?.lord],
      ['antardasha', facts.dasha.currentAntardasha?.lord],
      ['pratyantardasha', facts.dasha.currentPratyantardasha?.lord],
    ]);
  });

  it('carries each fact as data beside its English words, for the screens to write in the reader’s language', () => {
    const a = facts.chart.ascendant;
    expect(list[0]).toMatchObject({ kind: 'ascendant', sign: a.sign, degree: a.degree, nakshatra: a.nakshatra, pada: a.pada });
    expect(list[0]?.house).toBeUndefined();
    for (const g of facts.chart.grahas)
      expect(list.find((x) => x.graha === g.graha && x.kind === 'graha')).toMatchObject({
        sign: g.sign,
        degree: g.degree,
        house: g.house,
        nakshatra: g.nakshatra,
        pada: g.pada,
        isRetrograde: g.isRetrograde,
      });
    const current = facts.dasha.current;
    expect(list[10]).toMatchObject({ kind: 'mahadasha', graha: current?.lord, start: current?.start, end: current?.end });
    expect(list[10]?.text).toBe(`Current Vimshottari mahadasha: ${current?.lord} (${current?.start} to ${current?.end})`);
  });

  it('knows the words of every sign, nakshatra and graha the chart can hold', () => {
    expect(Object.keys(WORDS.signs)).toEqual([...SIGNS]);
    expect(Object.keys(WORDS.nakshatras)).toEqual([...NAKSHATRAS]);
    expect(Object.keys(WORDS.grahas)).toEqual([...GRAHAS]);
  });

  it('the prompt lists the facts with their ids and asks for citations by id', async () => {
    const prepared = await astrologyTool.prepare({ prompt: 'ASTR: 15 08 1990 Pune 10:30 AM\nCareer?', hasImage: false });
    expect(prepared.system).toContain('cite its id the same way, for example "Your Moon in Cancer [F3]');
    expect(prepared.system).toContain(`[F3] Moon in ${grahaOf('Moon').sign}`);
    expect(prepared.facts?.factList?.map((x) => x.id)).toContain('F13');
  });
});

describe('a reading that tells the truth', () => {
  it('a statement of every placement, built from the chart, passes unmarked and links to its facts', () => {
    const lines = facts.chart.grahas.map(
      (g) => `Your ${g.graha} in ${g.sign} [${idOf(g.graha)}] sits in the ${ordinal(g.house)} house, in ${g.nakshatra} nakshatra.`,
    );
    const answer = [
      `With ${facts.chart.ascendant.sign} rising [F1], you are composed.`,
      ...lines,
      `You are currently running ${facts.dasha.current?.lord} mahadasha [F11] with ${facts.dasha.currentAntardasha?.lord} antardasha [F12].`,
    ].join('\n');
    const r = checkReading(answer, facts, list);
    expect(r.answer).toBe(answer);
    expect(r.check.claims.filter((c) => !c.isConsistent)).toEqual([]);
    // Every graha's sign, house and nakshatra, the ascendant's sign, the mahadasha and the antardasha.
    expect(r.check.claims).toHaveLength(9 * 3 + 1 + 2);
    expect(r.check.chips.map((c) => c.id)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12']);
    expect(r.check.unknownFactIds).toEqual([]);
  });

  it('does not read aspects, rulerships, lordships or future dashas as placements', () => {
    const answer = [
      'Jupiter aspects your 7th house, and the Sun rules Leo.',
      'Mars is the lord of Aries and of the 8th house.',
      'Saturn mahadasha will begin in 2034.',
      'The Moon loves Cancer, its own sign.',
      'Saturn is in the 2nd house from the Moon.',
    ].join(' ');
    const r = checkReading(answer, facts, list);
    expect(r.check.claims).toEqual([]);
    expect(r.answer).toBe(answer);
  });
});

describe('a model that lies about the chart', () => {
  const moon = grahaOf('Moon');
  const saturn = grahaOf('Saturn');
  const lie = [
    '## Your chart',
    `Your ${otherSign(facts.chart.ascendant.sign)} ascendant [F1] gives grace.`,
    `Your Moon in ${otherSign(moon.sign)} [F3] makes you bold, and the Sun sits in the ${ordinal((grahaOf('Sun').house % 12) + 1)} house [F2, F99].`,
    `Saturn in ${saturn.sign}, in the ${ordinal((saturn.house % 12) + 1)} house, brings discipline [F8].`,
    'Rahu (mean node) is posited in Ashwini nakshatra.',
    `A Leo Mars is fiery.`,
    'You are currently in the Venus mahadasha [F11].',
  ].join('\n');
  const r = checkReading(lie, facts, list);

  it('marks every false placement with the chart’s own fact, and leaves the true one alone', () => {
    const wrong = r.check.claims.filter((c) => !c.isConsistent);
    expect(wrong.map((c) => `${c.subject} ${c.kind}`)).toEqual([
      'Ascendant sign',
      'Moon sign',
      'Sun house',
      'Saturn house',
      'Rahu nakshatra',
      'Mars sign',
      'Dasha mahadasha',
    ]);
    expect(r.check.claims.find((c) => c.subject === 'Saturn' && c.kind === 'sign')?.isConsistent).toBe(true);
    expect(r.answer).toContain(
      `Your Moon in ${otherSign(moon.sign)} [F3] (does not match the chart: the Moon is in ${moon.sign} [F3]) makes you bold`,
    );
    expect(r.answer).toContain(`(does not match the chart: the ascendant is in ${facts.chart.ascendant.sign} [F1])`);
    expect(r.answer).toContain(`(does not match the chart: Saturn is in the ${ordinal(saturn.house)} house [F8])`);
    expect(r.answer).toContain(
      `Ashwini nakshatra (does not match the chart: Rahu (mean node) is in ${grahaOf('Rahu').nakshatra} nakshatra [F9])`,
    );
    expect(r.answer).toContain(`A Leo Mars (does not match the chart: Mars is in ${grahaOf('Mars').sign} [F4]) is fiery.`);
    expect(r.answer).toContain(
      `Venus mahadasha [F11] (does not match the chart: the current mahadasha is ${facts.dasha.current?.lord}'s [F11])`,
    );
  });

  it('marks an id that is not in the fact list, and turns the others into chips', () => {
    expect(r.answer).toContain('[F2](F99: no such chart fact)');
    expect(r.check.unknownFactIds).toEqual(['F99']);
    expect(r.check.chips.map((c) => c.id)).toEqual(['F1', 'F3', 'F2', 'F8', 'F9', 'F4', 'F11']);
    expect(r.check.chips[1]).toMatchObject({ id: 'F3', graha: 'Moon', kind: 'graha' });
  });

  it('the tool’s check returns the chart with the chips and claims', async () => {
    const checked = await astrologyTool.check({ answer: lie, facts: { ...facts, factList: list } });
    expect(checked.facts?.chart).toEqual(facts.chart);
    expect(checked.facts?.claims?.filter((c) => !c.isConsistent)).toHaveLength(7);
    expect(checked.facts?.chips?.[0]?.id).toBe('F1');
    expect(checked.answer).toBe(r.answer);
  });
});

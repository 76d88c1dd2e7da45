import type { ToolFactsById } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { PHOTO_ONLY_QUESTION } from '@/modules/tools/calorie/calorie.tool';
import { type EngineTest, squarePng, useEngineTest } from './engine-helper';

let e: EngineTest;
useEngineTest((engine) => {
  e = engine;
});

const requestOf = (model: string) => e.fake.requests.find((r) => r.model === model);

describe('astrology: the reading links to chart facts and never contradicts the chart', () => {
  it('a model that lies about the chart gets its claims marked; cited ids come back as chips', async () => {
    // Gandhi's chart (see astrology.test.ts): Libra ascendant, Moon in Cancer in the 10th house, Saturn in Scorpio in the 2nd.
    e.fake.behave('fusion', {
      reply:
        'Your Aries ascendant [F1] makes you a fighter. The Moon in Cancer [F3] gives you feeling, ' +
        'and Saturn sits in the 7th house [F8]. Ketu in Capricorn [F10] and Venus in Libra [F7, F42].',
    });
    const res = await e.ask('ASTR: 02 10 1869 Porbandar 07:12 AM\nWhat is my nature?');
    expect(res.status).toBe(200);
    const out = res.body.data.best_output;
    expect(out).toContain('Your Aries ascendant [F1] (does not match the chart: the ascendant is in Libra [F1])');
    expect(out).toContain('Saturn sits in the 7th house [F8] (does not match the chart: Saturn is in the 2nd house [F8])');
    expect(out).toContain('The Moon in Cancer [F3] gives');
    expect(out).toContain('[F7](F42: no such chart fact)');
    const facts = res.body.data.facts as ToolFactsById['astrology'];
    expect(facts.chips?.map((c) => c.id)).toEqual(['F1', 'F3', 'F8', 'F10', 'F7']);
    expect(facts.chips?.[1]).toMatchObject({ id: 'F3', kind: 'graha', graha: 'Moon' });
    expect(facts.chips?.[1]?.text).toMatch(/^Moon in Cancer \d+°\d+', 10th house, /);
    expect(facts.unknownFactIds).toEqual(['F42']);
    expect(facts.claims?.filter((c) => !c.isConsistent).map((c) => `${c.subject}:${c.claimed}->${c.expected}`)).toEqual([
      'Ascendant:Aries->Libra',
      'Saturn:7->2',
    ]);
    expect(facts.factList).toHaveLength(10);
    expect(facts.chart.ascendant.sign).toBe('Libra');
  });
});

describe('calorie: a photo and no words', () => {
  it('GenerateAnswer with "CAL:," and an image is accepted; the image reaches the vision models and the dishes they name are computed', async () => {
    e.fake.behave('fusion', { reply: 'I can see:\n- 2 roti\n- 1 katori dal\nRoughly 300 cal in all.' });
    const photo = await squarePng(48, '#d9a441');
    const res = await e.ask('CAL:,', { image: photo });
    expect(res.status).toBe(200);
    const alpha = requestOf('alpha');
    expect(String(alpha?.messages[0]?.content)).toContain('or only an image is given, as now');
    expect(JSON.stringify(alpha?.messages.at(-1))).toContain('data:image/png;base64,');
    expect(JSON.stringify(alpha?.messages.at(-1))).toContain(PHOTO_ONLY_QUESTION);
    // Beta has no vision: it is not asked about a photo it cannot see.
    expect(requestOf('beta')).toBeUndefined();
    const facts = res.body.data.facts as ToolFactsById['calorie'];
    expect(facts.items.map((i) => i.name)).toEqual(['Roti (chapati)', 'Dal (toor, cooked)']);
    expect(facts.items.every((i) => i.kcalRange !== undefined)).toBe(true);
    expect(facts.figures?.[0]).toMatchObject({ kcal: 300, isConsistent: true });
  });

  it('neither words nor a photo is a 400 with a clear message, for the calorie and the recipe tools', async () => {
    const cal = await e.ask('CAL:,  ');
    expect(cal.status).toBe(400);
    expect(cal.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Describe the meal or attach a photo of it.' });
    const rep = await e.ask('REP:');
    expect(rep.status).toBe(400);
    expect(rep.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Name the dish or attach a photo of it.' });
    expect(e.fake.requests).toHaveLength(0);
  });
});

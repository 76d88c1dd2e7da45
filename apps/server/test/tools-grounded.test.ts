import { describe, expect, it } from 'vitest';
import { type EngineTest, useEngineTest } from './engine-helper';

let e: EngineTest;
useEngineTest((engine) => {
  e = engine;
});

const ask = (prompt: string) => e.ask(prompt);
const systemOf = (model: string) => String(e.fake.requests.find((r) => r.model === model)?.messages[0]?.content ?? '');

describe('grounded tools through the engine', () => {
  it('astrology: the computed chart reaches the models’ instructions and the response', async () => {
    const res = await ask('ASTR: 02 10 1869 Porbandar 07:12 AM\nWhat is my nature?');
    expect(res.status).toBe(200);
    const system = systemOf('alpha');
    expect(system).toContain('[F1] Ascendant (Lagna) in Libra');
    expect(system).toContain('[F3] Moon in Cancer');
    expect(system).toContain('local mean time');
    expect(system).toContain('[F9] Rahu (mean node) in Cancer');
    expect(system).toContain('Lahiri (Chitrapaksha) ayanamsa');
    expect(system).toContain('cite its id');
    // Born in 1869: the 120-year Vimshottari cycle has ended, and the models are told so.
    expect(system).toContain('No Vimshottari mahadasha is running now');
    expect(e.fake.requests.find((r) => r.model === 'alpha')?.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'What is my nature?',
    });
    const facts = res.body.data.facts as { chart: { ascendant: { sign: string } }; dasha: { current: unknown } };
    expect(facts.chart.ascendant.sign).toBe('Libra');
    expect(facts.dasha.current).toBeNull();
  });

  it('astrology: an unknown place and an impossible date are 400s with clear messages', async () => {
    const place = await ask('ASTR: 01 01 1990 Atlantis 10:00 AM');
    expect(place.status).toBe(400);
    expect(place.body).toMatchObject({ code: 'PLACE_NOT_FOUND' });
    expect(place.body.detail).toMatch(/nearby city/);
    expect((await ask('ASTR: 31 02 1990 Pune 10:00 AM')).body.code).toBe('BIRTH_DATA_INVALID');
  });

  it('calorie: the table figures reach the models and come back as facts', async () => {
    const res = await ask('CAL:,2 rotis and a bowl of dal');
    // 2 rotis (192.9 kcal) and a katori of dal (112.4 kcal), computed from IFCT 2017 (see nutrition.test.ts).
    expect(systemOf('alpha')).toMatch(/Total: 30[56] cal/);
    const facts = res.body.data.facts as { items: Array<{ name: string }>; total: { kcal: number } };
    expect(facts.items.map((i) => i.name)).toEqual(['Roti (chapati)', 'Dal (toor, cooked)']);
    expect(facts.total.kcal).toBeGreaterThan(300);
  });

  it('recipe: nutrition per serving is computed from the answer’s ingredients where they map', async () => {
    e.fake.behave('fusion', {
      reply:
        'Paneer curry\nServings: 2\nTime: 30 minutes\nIngredients\n- 200 g paneer\n- 1 tablespoon ghee\n- 1 katori curd\n1. Cook.\nFood safety: ...',
    });
    const res = await ask('REP: paneer curry');
    expect(systemOf('alpha')).toContain('Food safety');
    const facts = res.body.data.facts as { servings: number; items: Array<{ name: string }>; total: { kcal: number } };
    expect(facts.servings).toBe(2);
    expect(facts.items.map((i) => i.name)).toEqual(['Paneer (raw)', 'Ghee', 'Curd (dahi)']);
    // IFCT 2017: paneer L003 1079 kJ = 257.9 kcal/100 g; ghee T013 900 kcal/100 g (from fat); curd taken as cow's
    // milk L002 305 kJ = 72.9 kcal/100 g (estimate). (200 x 2.579 + 15 x 9 + 150 x 0.729) / 2 = 380 kcal a serving.
    expect(Math.abs(facts.total.kcal - 380)).toBeLessThan(3);
  });
});

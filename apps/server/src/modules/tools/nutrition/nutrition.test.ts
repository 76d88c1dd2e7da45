import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  NUTRITION_COOKING,
  NUTRITION_DISHES,
  NUTRITION_FOODS,
  NUTRITION_MEASURES,
  NUTRITION_OTHER_FOODS,
  nutritionKey,
} from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { DISHES, YIELDS } from '@/modules/tools/nutrition/dishes-data';
import { ifct, ifctFoods } from '@/modules/tools/nutrition/ifct';
import { computedDishes, computeNutrition, DISH_COUNT, parseMeal } from '@/modules/tools/nutrition/nutrition';
import { otherFood } from '@/modules/tools/nutrition/other-foods';

describe('nutrition from the Indian Food Composition Tables 2017', () => {
  it('holds at least 100 dishes with household portions', () => {
    expect(DISH_COUNT).toBeGreaterThanOrEqual(100);
    for (const d of DISHES) expect(d.portion[1]).toBeGreaterThan(0);
  });

  it("'2 rotis and a bowl of dal' is within 1 % of the hand calculation from IFCT 2017", () => {
    // By hand from the package's values (kJ / 4.184 = kcal):
    // roti = atta A019 100 g (1340 kJ = 320.3 kcal) + water 65 g + salt 1 g, griddle yield 0.8 -> 132.8 g,
    //   241.2 kcal/100 g; 2 x 40 g -> 192.9 kcal; protein 10.57 x 80 / 132.8 = 6.37 g.
    // dal = toor dal B021 60 g (198.5 kcal) + water 300 + tomato D076 20 g (3.9) + onion G017 15 g (7.2)
    //   + groundnut oil T005 5 g (45, from fat) + turmeric G033 1 g (2.8) + salt 3, simmer yield 0.85 -> 343.4 g,
    //   257.4 kcal; a katori of 150 g -> 112.4 kcal; protein 13.50 x 150 / 343.4 = 5.90 g.
    // Total 305.3 kcal, protein 12.3 g.
    const r = computeNutrition('2 rotis and a bowl of dal');
    expect(r.items.map((i) => i.name)).toEqual(['Roti (chapati)', 'Dal (toor, cooked)']);
    expect(Math.abs(r.total.kcal - 305.3) / 305.3).toBeLessThan(0.01);
    expect(Math.abs(r.total.protein - 12.27) / 12.27).toBeLessThan(0.01);
    expect(r.source).toMatch(/Indian Food Composition Tables 2017/);
    expect(r.items.map((i) => i.sourceKind)).toEqual(['ifct-recipe', 'ifct-recipe']);
  });

  it('reads grams, word numbers and household measures', () => {
    const items = parseMeal('150 g paneer, two idlis with sambar; half plate biryani + 1 glass buttermilk');
    expect(items.map((i) => [i.dish.name, i.grams])).toEqual([
      ['Paneer (raw)', 150],
      ['Idli', 80],
      ['Sambar', 150],
      ['Chicken biryani', 125],
      ['Buttermilk', 250],
    ]);
  });

  it('gives every row as data beside its English: the dish id, the count, the measure and its grams, the photo spread', () => {
    const r = computeNutrition('2 rotis and a bowl of dal, 150 g paneer', { isPortionUncertain: true });
    expect(r.items.map((i) => [i.quantity, i.dishId, i.measure])).toEqual([
      ['2 × 1 medium roti (40 g)', 'roti-chapati', { count: 2, unit: '1-medium-roti', unitGrams: 40 }],
      ['1 × bowl (150 g)', 'dal-toor-cooked', { count: 1, unit: 'bowl', unitGrams: 150 }],
      ['150 g', 'paneer-raw', undefined],
    ]);
    expect(r.items.map((i) => i.portionSpread)).toEqual([0.25, 0.25, 0.25]);
    expect(computeNutrition('2 rotis').items[0]?.portionSpread).toBeUndefined();
  });

  it("every dish's id and standard portion are in the contracts' lists (the web names them in every language)", () => {
    const measures: readonly string[] = NUTRITION_MEASURES;
    const dishes: readonly string[] = NUTRITION_DISHES;
    for (const d of DISHES) {
      expect(dishes).toContain(nutritionKey(d.name));
      expect(measures).toContain(nutritionKey(d.portion[0]));
    }
  });

  it('gives every recipe and source as data that says what its English says (the web writes them in every language from it)', () => {
    const foods: readonly string[] = NUTRITION_FOODS;
    const used = new Set<string>();
    for (const c of computedDishes().values()) {
      if (c.sourceKind === 'ifct') {
        // A raw food: its source names the food of its code, energy from fat exactly when the data says so.
        const f = ifct(c.ifctCode ?? '');
        used.add(f.code);
        const fromFat = '; energy computed from fat at 9 kcal/g (Atwater), as the package gives 0 kJ for oils and fats';
        expect(c.source).toBe(`IFCT 2017 ${f.code} (${f.name})${c.isEnergyFromFat ? fromFat : ''}`);
        expect(c.isEnergyFromFat).toBe(f.isEnergyFromFat);
        continue;
      }
      const r = c.recipe;
      if (!r) throw new Error(`${c.dish.name}: a recipe dish without its recipe`);
      for (const i of r.ingredients) {
        // The id names the same food as the English: the package's name of the IFCT code, or other-foods.ts's.
        expect(foods, c.dish.name).toContain(i.foodId);
        used.add(i.foodId ?? '');
        if (ifctFoods().has(i.foodId ?? '')) {
          expect(i.ifctCode).toBe(i.foodId);
          expect(i.name).toBe(ifct(i.foodId ?? '').name);
        } else {
          expect(i.ifctCode).toBeUndefined();
          expect([i.name, i.basis, i.isEstimate]).toEqual([
            otherFood(i.foodId ?? '')?.name,
            otherFood(i.foodId ?? '')?.basis,
            otherFood(i.foodId ?? '')?.isEstimate,
          ]);
        }
      }
      // The yield note is the cooking method's, and the share it says is lost is the factor's.
      expect(NUTRITION_COOKING).toContain(r.cooking);
      const y = YIELDS[r.cooking ?? 'raw'];
      expect([r.yieldNote, r.yieldFactor]).toEqual([y.note, y.factor]);
      if (r.cooking !== 'raw') expect(r.yieldNote).toContain(`: ${Math.round((1 - r.yieldFactor) * 100)} % of the`);
      // An estimate names the foods IFCT lacks, in the order of the ingredients; a recipe of IFCT foods says so.
      const estimated = [...new Set(r.ingredients.filter((i) => i.isEstimate).map((i) => i.name.toLowerCase()))];
      expect(c.source).toBe(
        c.sourceKind === 'estimate'
          ? `Estimate: recipe of IFCT 2017 foods with ${estimated.join(', ')} (not in IFCT 2017)`
          : 'Recipe of IFCT 2017 foods with a standard yield factor',
      );
      expect(c.isEnergyFromFat).toBeUndefined();
    }
    // The contracts list exactly the foods used, and every food IFCT lacks.
    expect([...used].sort()).toEqual([...foods].sort());
    for (const id of NUTRITION_OTHER_FOODS) expect(otherFood(id)?.id).toBe(id);
  });

  it("the web's catalog of recipe words has the English the server sends, so its translations name the same foods", () => {
    // apps/web/src/locales/recipe/en.po, written by `lingui extract` from features/food/recipe-words.ts.
    const po = readFileSync(path.resolve(import.meta.dirname, '../../../../../web/src/locales/recipe/en.po'), 'utf8');
    const entries = [...po.matchAll(/(?:msgctxt "(.*)"\n)?msgid "(.+)"/g)].map(([, context, id]) => ({
      context,
      id: JSON.parse(`"${id}"`),
    }));
    const foods = entries.filter((e) => e.context?.startsWith('food ') && e.context !== 'food basis');
    expect(foods.map((e) => e.context?.slice(5)).sort()).toEqual([...NUTRITION_FOODS].sort());
    for (const { context, id } of foods) {
      const food = context?.slice(5) ?? '';
      expect(id, food).toBe(ifctFoods().get(food)?.name ?? otherFood(food)?.name);
    }
    const bases = entries.filter((e) => e.context === 'food basis').map((e) => e.id);
    expect(bases.sort()).toEqual(NUTRITION_OTHER_FOODS.map((id) => otherFood(id)?.basis).sort());
    const messages = entries.map((e) => e.id);
    for (const [cooking, y] of Object.entries(YIELDS))
      expect(messages, cooking).toContain(y.note.replace(`${Math.round((1 - y.factor) * 100)} %`, '{lost} %'));
  });

  it('sends the data with every row, scaled recipes included', () => {
    const [ghee, roti] = computeNutrition('1 tsp ghee, 2 rotis').items;
    expect([ghee?.sourceKind, ghee?.ifctCode, ghee?.isEnergyFromFat]).toEqual(['ifct', 'T013', true]);
    expect(roti?.recipe?.cooking).toBe('tawa');
    expect(roti?.recipe?.ingredients.map((i) => [i.foodId, i.name])).toEqual([
      ['A019', 'Wheat flour, atta'],
      ['WATER', 'Water'],
      ['SALT', 'Salt'],
    ]);
  });

  it('finds nothing in text without food', () => {
    expect(computeNutrition('hello there').items).toEqual([]);
  });
});

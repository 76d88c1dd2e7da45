import { describe, expect, it } from 'vitest';
import { DISHES } from '@/modules/tools/nutrition/dishes-data';
import { computeNutrition, DISH_COUNT, parseMeal } from '@/modules/tools/nutrition/nutrition';

describe('nutrition from the Indian Food Composition Tables 2017', () => {
  it('holds at least 100 dishes with household portions', () => {
    expect(DISH_COUNT).toBeGreaterThanOrEqual(100);
    for (const d of DISHES) expect(d[7]).toBeGreaterThan(0);
  });

  it("'2 rotis and a bowl of dal' is within 10 % of the hand calculation", () => {
    // By hand from the table: roti 297 kcal/100 g, 40 g each -> 2 x 40 x 2.97 = 237.6 kcal;
    // a bowl (katori) of dal 150 g at 116 kcal/100 g -> 174 kcal. Total 411.6 kcal;
    // protein 2 x 40 x 0.096 + 150 x 0.068 = 7.68 + 10.2 = 17.9 g.
    const r = computeNutrition('2 rotis and a bowl of dal');
    expect(r.items.map((i) => i.name)).toEqual(['Roti (chapati)', 'Dal (toor, cooked)']);
    expect(Math.abs(r.total.kcal - 411.6) / 411.6).toBeLessThan(0.1);
    expect(Math.abs(r.total.protein - 17.9) / 17.9).toBeLessThan(0.1);
    expect(r.source).toMatch(/Indian Food Composition Tables 2017/);
  });

  it('reads grams, word numbers and household measures', () => {
    const items = parseMeal('150 g paneer, two idlis with sambar; half plate biryani + 1 glass buttermilk');
    expect(items.map((i) => [i.dish[0], i.grams])).toEqual([
      ['Paneer (raw)', 150],
      ['Idli', 80],
      ['Sambar', 150],
      ['Chicken biryani', 125],
      ['Buttermilk', 250],
    ]);
  });

  it('finds nothing in text without food', () => {
    expect(computeNutrition('hello there').items).toEqual([]);
  });
});

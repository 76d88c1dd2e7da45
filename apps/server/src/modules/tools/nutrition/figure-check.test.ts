import type { SourcedNutritionFacts } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { checkFigures } from '@/modules/tools/nutrition/figure-check';
import { computeNutrition } from '@/modules/tools/nutrition/nutrition';

// Roti (chapati) 193 kcal for two, dal (toor, cooked) 112 kcal a katori, steamed rice 180 kcal a cup.
const facts = computeNutrition('2 rotis, a bowl of dal and a cup of rice') as SourcedNutritionFacts;
const kcal = (name: string) => facts.items.find((i) => i.name.startsWith(name))?.kcal ?? Number.NaN;
const ROTI = kcal('Roti');
const DAL = kcal('Dal');
const RICE = kcal('Steamed rice');
const marks = (text: string) => checkFigures(text, facts).figures.map((f) => [f.kcal, f.isConsistent, f.row]);

describe('each figure is checked against the dish named nearest before it', () => {
  it('the table the tests rely on has three distinct rows', () => {
    expect([ROTI, DAL, RICE].every(Number.isFinite)).toBe(true);
    expect(new Set([ROTI, DAL, RICE]).size).toBe(3);
  });

  it('two dishes in one sentence: a wrong dal figure is marked against the dal, not the roti', () => {
    const out = checkFigures('the two roti come to about 240 cal and the dal to about 150 cal', facts);
    expect(out.figures.map((f) => f.row)).toEqual(['Roti (chapati)', 'Dal (toor, cooked)']);
    expect(out.answer).toContain(`150 cal [does not match the computed table: Dal (toor, cooked) ${DAL} kcal]`);
    expect(out.answer).toContain(`240 cal [does not match the computed table: Roti (chapati) ${ROTI} kcal]`);
  });

  it('two dishes in one sentence with their own figures: nothing is marked', () => {
    const text = `the two roti come to about ${ROTI} cal and the dal to about ${DAL} cal`;
    const out = checkFigures(text, facts);
    expect(out.answer).toBe(text);
    expect(marks(text)).toEqual([
      [ROTI, true, 'Roti (chapati)'],
      [DAL, true, 'Dal (toor, cooked)'],
    ]);
  });

  it('three dishes in one sentence: each figure is compared with its own dish only', () => {
    const text = `The roti gives ${ROTI} kcal and the dal ${DAL} kcal while the rice adds ${RICE} kcal.`;
    expect(checkFigures(text, facts).answer).toBe(text);
    expect(marks(text).map((m) => m[2])).toEqual(['Roti (chapati)', 'Dal (toor, cooked)', 'Steamed rice']);
  });

  it('a figure that is right for another dish in the sentence but wrong for its own dish is marked', () => {
    const out = checkFigures(`The roti gives ${ROTI} kcal and the dal ${RICE} kcal while the rice adds ${DAL} kcal.`, facts);
    expect(out.figures.map((f) => f.isConsistent)).toEqual([true, false, false]);
    expect(out.answer).toContain(`the dal ${RICE} kcal [does not match the computed table: Dal (toor, cooked) ${DAL} kcal]`);
    expect(out.answer).toContain(`adds ${DAL} kcal [does not match the computed table: Steamed rice ${RICE} kcal]`);
  });

  it('a figure written before its dish ("N cal for the dal") belongs to that dish', () => {
    const text = `${ROTI} cal for the two roti and ${DAL} cal for the dal.`;
    expect(checkFigures(text, facts).answer).toBe(text);
    expect(marks(text).map((m) => m[2])).toEqual(['Roti (chapati)', 'Dal (toor, cooked)']);
  });

  it('a clause with no dish before its figure takes the dish named after it in that clause', () => {
    const text = `Roti gives ${ROTI} cal, and about ${DAL} cal come from the dal.`;
    expect(marks(text)).toEqual([
      [ROTI, true, 'Roti (chapati)'],
      [DAL, true, 'Dal (toor, cooked)'],
    ]);
  });

  it('dishes listed together before one figure may give their sum', () => {
    const text = `Roti and dal together come to ${ROTI + DAL} kcal, rice ${RICE} kcal.`;
    expect(checkFigures(text, facts).answer).toBe(text);
  });

  it('a total in the same sentence is still checked against the total', () => {
    const out = checkFigures(`The roti is ${ROTI} kcal and the dal ${DAL} kcal, 999 kcal in total.`, facts);
    expect(out.figures.map((f) => [f.isConsistent, f.row])).toEqual([
      [true, 'Roti (chapati)'],
      [true, 'Dal (toor, cooked)'],
      [false, 'Total'],
    ]);
  });

  it("a dish's own figure beside the word total is not marked", () => {
    const text = `The roti alone gives ${ROTI} kcal of the meal's total.`;
    expect(checkFigures(text, facts).answer).toBe(text);
  });

  it('never marks a figure that matches its own row, in lists and tables too', () => {
    const list = `- Roti: ${ROTI} kcal\n- Dal: ${DAL} kcal\n- Rice: ${RICE} kcal\n\n| Dish | Energy |\n|---|---|\n| Dal | ${DAL} kcal |\n| Roti | ${ROTI} kcal |`;
    const out = checkFigures(list, facts);
    expect(out.answer).toBe(list);
    expect(out.figures.every((f) => f.isConsistent)).toBe(true);
  });
});

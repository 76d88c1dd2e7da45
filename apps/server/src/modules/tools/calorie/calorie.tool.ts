import { type SourcedNutritionFacts, TOOL_PREFIXES } from '@sangam/contracts';
import { checkFigures } from '@/modules/tools/nutrition/figure-check';
import { IFCT_EDITION, IFCT_PACKAGE } from '@/modules/tools/nutrition/ifct';
import { computeNutrition } from '@/modules/tools/nutrition/nutrition';
import { type Tool, wordsOrPhoto } from '@/modules/tools/tool';

export const DISCLAIMER_NUTRITION = 'This analysis is for educational purposes only and is not medical or dietary advice.';
export const NUTRITION_SOURCE_NOTE = `Source: ${IFCT_EDITION}, read from the npm package ${IFCT_PACKAGE}; cooked dishes are computed from recipes of IFCT foods with standard yield factors.`;
/** The user content of a photo sent with no words. */
export const PHOTO_ONLY_QUESTION = 'Analyze this food image and provide detailed calorie and nutrition information.';

const kindLabel = (i: SourcedNutritionFacts['items'][number]) => (i.isEstimate ? `ESTIMATE (${i.source})` : `source: ${i.source}`);

/** The table as the models see it: every row with its source, estimates marked, ranges where portions are uncertain. */
export function factsLines(f: SourcedNutritionFacts) {
  if (f.items.length === 0) return 'No dishes were recognised in the text: identify them from the description or image.';
  const range = (r?: [number, number]) => (r ? ` (range ${r[0]}-${r[1]} kcal, portion uncertain)` : '');
  return [
    ...f.items.map(
      (i) =>
        `- ${i.name}, ${i.quantity}: ${i.kcal} cal${range(i.kcalRange)}, protein ${i.protein} g, fat ${i.fat} g, carbohydrate ${i.carbohydrate} g, fibre ${i.fibre} g; ${kindLabel(i)}`,
    ),
    `Total: ${f.total.kcal} cal${range(f.totalKcalRange)}, protein ${f.total.protein} g, fat ${f.total.fat} g, carbohydrate ${f.total.carbohydrate} g, fibre ${f.total.fibre} g`,
    ...(f.hasEstimates ? ['Rows marked ESTIMATE use foods that IFCT 2017 does not list: call them estimates in the answer.'] : []),
  ].join('\n');
}

export function calorieSystem(facts: SourcedNutritionFacts, hasImage: boolean) {
  return `You are a nutritionist who knows Indian food. Describe the meal's calories and nutrition. Use the computed figures below exactly as given, written as "N cal" for energy; do not recompute or change them, and do not add other calorie figures for these dishes. If dishes are missing from the figures (or only an image is given${hasImage ? ', as now' : ''}), identify them with household portions as lines "- <quantity> <dish>" (for example "- 2 roti", "- 1 katori dal"); their figures will be computed from the tables, so give a range rather than a single number if you mention energy. Add practical, culturally aware suggestions. End with: "${DISCLAIMER_NUTRITION}"\n\nCOMPUTED FROM THE INDIAN FOOD COMPOSITION TABLES 2017\n${NUTRITION_SOURCE_NOTE}\n${factsLines(facts)}`;
}

/** The dishes the models listed as "- <quantity> <dish>" lines (from a photo or an unrecognised description). */
export const listedDishes = (answer: string) =>
  answer
    .split('\n')
    .filter((l) => /^\s*[-*]\s/.test(l))
    .join('\n');

/**
 * Calorie analysis ('CAL:,' then a description, a photo, or both): the numbers come from the tables;
 * the models explain them and never change them. A photo alone is enough (the models name the dishes
 * with household portions and their figures are computed afterwards, as ranges); neither words nor a
 * photo is a 400.
 */
export const calorieTool: Tool<'calorie'> = {
  id: 'calorie',
  matches: (p) => p.startsWith(TOOL_PREFIXES.calorie),
  prepare: async (request) => {
    const user = wordsOrPhoto(request, 'CAL:,', 'Describe the meal or attach a photo of it.');
    const facts = computeNutrition(user);
    return { system: calorieSystem(facts, request.hasImage), user: user || PHOTO_ONLY_QUESTION, facts };
  },
  check: async ({ answer, facts }) => {
    // Portions the models identified (from a photo or an unrecognised description) are uncertain: ranges.
    const f = facts && facts.items.length > 0 ? facts : computeNutrition(listedDishes(answer), { isPortionUncertain: true });
    const checked = checkFigures(answer, f);
    return { answer: checked.answer, facts: { ...f, figures: checked.figures } };
  },
};

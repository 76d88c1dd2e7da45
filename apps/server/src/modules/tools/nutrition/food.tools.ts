import type { SourcedNutritionFacts } from '@sangam/contracts';
import { checkFigures } from '@/modules/tools/nutrition/figure-check';
import { IFCT_EDITION, IFCT_PACKAGE } from '@/modules/tools/nutrition/ifct';
import { computeNutrition } from '@/modules/tools/nutrition/nutrition';
import type { ToolHandler } from '@/modules/tools/tool-registry';

const DISCLAIMER_NUTRITION = 'This analysis is for educational purposes only and is not medical or dietary advice.';

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

const SOURCE_NOTE = `Source: ${IFCT_EDITION}, read from the npm package ${IFCT_PACKAGE}; cooked dishes are computed from recipes of IFCT foods with standard yield factors.`;

/** Calorie analysis: the numbers come from the tables; the models explain them and never change them. */
export const calorieTool: ToolHandler = {
  id: 'calorie',
  matches: (p) => p.startsWith('CAL:,'),
  prepare: async ({ prompt, hasImage }) => {
    const user = prompt.slice('CAL:,'.length).trim();
    const facts = computeNutrition(user);
    const system = `You are a nutritionist who knows Indian food. Describe the meal's calories and nutrition. Use the computed figures below exactly as given, written as "N cal" for energy; do not recompute or change them, and do not add other calorie figures for these dishes. If dishes are missing from the figures (or only an image is given${hasImage ? ', as now' : ''}), identify them with household portions as lines "- <quantity> <dish>" (for example "- 2 roti", "- 1 katori dal"); their figures will be computed from the tables, so give a range rather than a single number if you mention energy. Add practical, culturally aware suggestions. End with: "${DISCLAIMER_NUTRITION}"\n\nCOMPUTED FROM THE INDIAN FOOD COMPOSITION TABLES 2017\n${SOURCE_NOTE}\n${factsLines(facts)}`;
    return { system, user: user || 'Analyze this food image and provide detailed calorie and nutrition information.', facts };
  },
  finalize: async ({ answer, facts }) => {
    const given = facts as SourcedNutritionFacts | undefined;
    // Portions the models identified (from a photo or an unrecognised description) are uncertain: ranges.
    const f =
      given && given.items.length > 0
        ? given
        : computeNutrition(
            answer
              .split('\n')
              .filter((l) => /^\s*[-*]\s/.test(l))
              .join('\n'),
            { isPortionUncertain: true },
          );
    const checked = checkFigures(answer, f);
    return { answer: checked.answer, facts: { ...f, figures: checked.figures } };
  },
};

/** Recipe: the model writes ingredients, steps, time and servings; nutrition per serving is computed where ingredients map. */
export const recipeTool: ToolHandler = {
  id: 'recipe',
  matches: (p) => p.startsWith('REP:'),
  prepare: async ({ prompt }) => {
    const user = prompt.slice('REP:'.length).trim();
    const system = `You are a warm, precise Indian home chef. Write a recipe for the dish the user names or shows: a title; "Servings: N"; "Time: N minutes"; an "Ingredients" list with one ingredient per line as "- <quantity> <ingredient>" using household measures (katori, cup, tablespoon, teaspoon, grams); numbered steps; tips and variations. Do not state calories: nutrition per serving is computed from the Indian Food Composition Tables 2017 and shown beside your recipe. Always end with this food-safety note: "Food safety: cook meat, fish and eggs thoroughly, keep raw and cooked food apart, and refrigerate leftovers within two hours."`;
    return { system, user: user || 'Analyze this food image and provide recipe information.' };
  },
  finalize: async ({ answer }) => {
    const servings = Number(/Servings?:\s*(\d{1,2})/i.exec(answer)?.[1] ?? 0) || 2;
    const lines = answer.split('\n').filter((l) => /^\s*[-*]\s/.test(l));
    const total = computeNutrition(lines.join('\n'));
    if (total.items.length === 0) return { answer };
    const per = (x: number) => Math.round((x / servings) * 10) / 10;
    const facts: SourcedNutritionFacts = {
      ...total,
      servings,
      total: {
        kcal: Math.round(total.total.kcal / servings),
        protein: per(total.total.protein),
        fat: per(total.total.fat),
        carbohydrate: per(total.total.carbohydrate),
        fibre: per(total.total.fibre),
      },
    };
    const checked = checkFigures(answer, facts);
    return { answer: checked.answer, facts: { ...facts, figures: checked.figures } };
  },
};

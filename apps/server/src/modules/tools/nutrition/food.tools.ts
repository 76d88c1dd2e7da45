import type { NutritionFacts } from '@sangam/contracts';
import { computeNutrition } from '@/modules/tools/nutrition/nutrition';
import type { ToolHandler } from '@/modules/tools/tool-registry';

const DISCLAIMER_NUTRITION = 'This analysis is for educational purposes only and is not medical or dietary advice.';

function factsLines(f: NutritionFacts) {
  if (f.items.length === 0) return 'No dishes were recognised in the text: identify them from the description or image.';
  return [
    ...f.items.map(
      (i) =>
        `- ${i.name}, ${i.quantity}: ${i.kcal} cal, protein ${i.protein} g, fat ${i.fat} g, carbohydrate ${i.carbohydrate} g, fibre ${i.fibre} g`,
    ),
    `Total: ${f.total.kcal} cal, protein ${f.total.protein} g, fat ${f.total.fat} g, carbohydrate ${f.total.carbohydrate} g, fibre ${f.total.fibre} g`,
  ].join('\n');
}

/** Calorie analysis: the numbers come from the tables; the models explain them and never change them. */
export const calorieTool: ToolHandler = {
  id: 'calorie',
  matches: (p) => p.startsWith('CAL:,'),
  prepare: async ({ prompt, hasImage }) => {
    const user = prompt.slice('CAL:,'.length).trim();
    const facts = computeNutrition(user);
    const system = `You are a nutritionist who knows Indian food. Describe the meal's calories and nutrition. Use the computed figures below exactly as given, written as "N cal" for energy; do not recompute or change them. If dishes are missing from the figures (or only an image is given${hasImage ? ', as now' : ''}), identify them with portions as lines "- <quantity> <dish>" and estimate clearly marked as estimates. Add practical, culturally aware suggestions. End with: "${DISCLAIMER_NUTRITION}"\n\nCOMPUTED FROM THE INDIAN FOOD COMPOSITION TABLES 2017\n${factsLines(facts)}`;
    return { system, user: user || 'Analyze this food image and provide detailed calorie and nutrition information.', facts };
  },
  finalize: async ({ answer, facts }) => {
    const f = facts as NutritionFacts | undefined;
    if (f && f.items.length > 0) return { answer, facts: f };
    const fromAnswer = computeNutrition(
      answer
        .split('\n')
        .filter((l) => /^\s*[-*]\s/.test(l))
        .join('\n'),
    );
    return { answer, facts: fromAnswer };
  },
};

/** Recipe: the model writes ingredients, steps, time and servings; nutrition per serving is computed where ingredients map. */
export const recipeTool: ToolHandler = {
  id: 'recipe',
  matches: (p) => p.startsWith('REP:'),
  prepare: async ({ prompt }) => {
    const user = prompt.slice('REP:'.length).trim();
    const system = `You are a warm, precise Indian home chef. Write a recipe for the dish the user names or shows: a title; "Servings: N"; "Time: N minutes"; an "Ingredients" list with one ingredient per line as "- <quantity> <ingredient>" using household measures (katori, cup, tablespoon, teaspoon, grams); numbered steps; tips and variations. Always end with this food-safety note: "Food safety: cook meat, fish and eggs thoroughly, keep raw and cooked food apart, and refrigerate leftovers within two hours."`;
    return { system, user: user || 'Analyze this food image and provide recipe information.' };
  },
  finalize: async ({ answer }) => {
    const servings = Number(/Servings?:\s*(\d{1,2})/i.exec(answer)?.[1] ?? 0) || 2;
    const lines = answer.split('\n').filter((l) => /^\s*[-*]\s/.test(l));
    const total = computeNutrition(lines.join('\n'));
    if (total.items.length === 0) return { answer };
    const per = (x: number) => Math.round((x / servings) * 10) / 10;
    const facts: NutritionFacts = {
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
    return { answer, facts };
  },
};

import { TOOL_PREFIXES } from '@sangam/contracts';
import { listedDishes } from '@/modules/tools/calorie/calorie.tool';
import { checkFigures } from '@/modules/tools/nutrition/figure-check';
import { computeNutrition } from '@/modules/tools/nutrition/nutrition';
import { type Tool, wordsOrPhoto } from '@/modules/tools/tool';

export const RECIPE_SYSTEM = `You are a warm, precise Indian home chef. Write a recipe for the dish the user names or shows: a title; "Servings: N"; "Time: N minutes"; an "Ingredients" list with one ingredient per line as "- <quantity> <ingredient>" using household measures (katori, cup, tablespoon, teaspoon, grams); numbered steps; tips and variations. Do not state calories: nutrition per serving is computed from the Indian Food Composition Tables 2017 and shown beside your recipe. Always end with this food-safety note: "Food safety: cook meat, fish and eggs thoroughly, keep raw and cooked food apart, and refrigerate leftovers within two hours."`;

/** Recipe ('REP:' then a dish, a photo, or both): the model writes the recipe; `check` computes nutrition per serving where ingredients map and checks any figure written. */
export const recipeTool: Tool<'recipe'> = {
  id: 'recipe',
  matches: (p) => p.startsWith(TOOL_PREFIXES.recipe),
  prepare: async (request) => {
    const user = wordsOrPhoto(request, 'REP:', 'Name the dish or attach a photo of it.');
    return { system: RECIPE_SYSTEM, user: user || 'Analyze this food image and provide recipe information.' };
  },
  check: async ({ answer }) => {
    const servings = Number(/Servings?:\s*(\d{1,2})/i.exec(answer)?.[1] ?? 0) || 2;
    const total = computeNutrition(listedDishes(answer));
    if (total.items.length === 0) return { answer };
    const per = (x: number) => Math.round((x / servings) * 10) / 10;
    const facts = {
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

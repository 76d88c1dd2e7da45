import type { NutritionFacts, NutritionItem } from '@sangam/contracts';
import { DISHES } from '@/modules/tools/nutrition/dishes-data';

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

const aliasIndex = DISHES.flatMap((d) => d[8].map((alias) => ({ alias, dish: d }))).sort((a, b) => b.alias.length - a.alias.length);

/** Finds dishes and quantities in free text: "2 rotis and a bowl of dal", "150 g paneer, 1 plate biryani". */
export function parseMeal(text: string): Array<{ dish: (typeof DISHES)[number]; grams: number; quantity: string }> {
  const found: Array<{ dish: (typeof DISHES)[number]; grams: number; quantity: string }> = [];
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
    const portion = hit.dish[7];
    const total = grams ?? count * (unitLabel ? (UNITS[unitLabel] ?? portion) : portion);
    found.push({
      dish: hit.dish,
      grams: total,
      quantity: grams ? `${grams} g` : `${count} × ${unitLabel ? `${unitLabel} (${UNITS[unitLabel]} g)` : `${hit.dish[6]} (${portion} g)`}`,
    });
  }
  return found;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Energy and nutrients for the meal: each item from the table's per-100 g values, then the total. */
export function computeNutrition(text: string): NutritionFacts {
  const items: NutritionItem[] = parseMeal(text).map(({ dish, grams, quantity }) => {
    const f = grams / 100;
    return {
      name: dish[0],
      quantity,
      grams,
      kcal: Math.round(dish[1] * f),
      protein: round1(dish[2] * f),
      fat: round1(dish[3] * f),
      carbohydrate: round1(dish[4] * f),
      fibre: round1(dish[5] * f),
    };
  });
  const sum = (k: 'kcal' | 'protein' | 'fat' | 'carbohydrate' | 'fibre') => round1(items.reduce((n, i) => n + i[k], 0));
  return {
    items,
    total: {
      kcal: Math.round(sum('kcal')),
      protein: sum('protein'),
      fat: sum('fat'),
      carbohydrate: sum('carbohydrate'),
      fibre: sum('fibre'),
    },
    source: 'Indian Food Composition Tables 2017, National Institute of Nutrition (ICMR), Hyderabad',
  };
}

export const DISH_COUNT = DISHES.length;

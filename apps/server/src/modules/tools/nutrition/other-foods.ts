import type { NutritionOtherFoodId } from '@sangam/contracts';
import { FAT_KCAL_PER_G, ifct } from '@/modules/tools/nutrition/ifct';

/**
 * Ingredients that IFCT 2017 does not list. Each says how its values are obtained; none is retyped
 * from another table. Water and salt carry no energy, protein, fat, carbohydrate or fibre, so they
 * are exact; every other entry here is an ESTIMATE and makes any dish that uses it an estimate.
 */
export type OtherFood = {
  /** Its id in the recipes, one of the contracts' NUTRITION_OTHER_FOODS (a screen names it in its language). */
  id: NutritionOtherFoodId;
  name: string;
  /** Where the values come from, shown to the user and to the models. */
  basis: string;
  isEstimate: boolean;
  per100g: { kcal: number; protein: number; fat: number; carbohydrate: number; fibre: number };
};

const zero = { kcal: 0, protein: 0, fat: 0, carbohydrate: 0, fibre: 0 };

function build(): Map<string, OtherFood> {
  const milk = ifct('L002');
  const barley = ifct('A004');
  const rice = ifct('A015');
  const foods: OtherFood[] = [
    { id: 'WATER', name: 'Water', basis: 'water: no energy or nutrients', isEstimate: false, per100g: zero },
    { id: 'SALT', name: 'Salt', basis: 'sodium chloride: no energy or macronutrients', isEstimate: false, per100g: zero },
    {
      id: 'SUGAR',
      name: 'Sugar',
      basis: 'estimate: not in IFCT 2017; refined sugar taken as pure sucrose, carbohydrate 100 g/100 g at 4 kcal/g (Atwater)',
      isEstimate: true,
      per100g: { kcal: 400, protein: 0, fat: 0, carbohydrate: 100, fibre: 0 },
    },
    {
      id: 'CURD',
      name: 'Curd (dahi)',
      basis:
        'estimate: not in IFCT 2017; taken as IFCT L002 (milk, whole, cow), fermentation assumed not to change energy or macronutrients',
      isEstimate: true,
      per100g: { kcal: milk.kcal, protein: milk.protein, fat: milk.fat, carbohydrate: milk.carbohydrate, fibre: 0 },
    },
    {
      id: 'TONED_MILK',
      name: 'Toned milk',
      basis:
        'estimate: not in IFCT 2017; IFCT L002 (milk, whole, cow) with its fat set to 3.0 g/100 g, the FSSAI minimum for toned milk (energy less the fat removed at 9 kcal/g)',
      isEstimate: true,
      per100g: {
        kcal: milk.kcal - (milk.fat - 3) * FAT_KCAL_PER_G,
        protein: milk.protein,
        fat: 3,
        carbohydrate: milk.carbohydrate,
        fibre: 0,
      },
    },
    {
      id: 'BUTTER',
      name: 'Butter',
      basis:
        'estimate: not in IFCT 2017; taken as 80 g milk fat/100 g (the FSSAI minimum for table butter) at 9 kcal/g, other nutrients neglected',
      isEstimate: true,
      per100g: { kcal: 80 * FAT_KCAL_PER_G, protein: 0, fat: 80, carbohydrate: 0, fibre: 0 },
    },
    {
      id: 'OATS',
      name: 'Oats (as barley)',
      basis: 'estimate: oats are not in IFCT 2017; IFCT A004 (barley) used as the nearest whole cereal',
      isEstimate: true,
      per100g: { kcal: barley.kcal, protein: barley.protein, fat: barley.fat, carbohydrate: barley.carbohydrate, fibre: barley.fibre },
    },
    {
      id: 'SAGO',
      name: 'Sago (as milled rice)',
      basis: 'estimate: sago (sabudana) is not in IFCT 2017; IFCT A015 (rice, raw, milled) used as the nearest dry starch',
      isEstimate: true,
      per100g: { kcal: rice.kcal, protein: rice.protein, fat: rice.fat, carbohydrate: rice.carbohydrate, fibre: rice.fibre },
    },
  ];
  return new Map(foods.map((f) => [f.id, f]));
}

let table: Map<string, OtherFood> | undefined;
export function otherFood(id: string): OtherFood | undefined {
  table ??= build();
  return table.get(id);
}

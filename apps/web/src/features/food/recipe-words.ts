import type { I18n, MessageDescriptor, Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type {
  LocaleCode,
  NutritionCooking,
  NutritionFoodId,
  NutritionIngredient,
  NutritionOtherFoodId,
  NutritionRecipe,
  SourcedNutritionItem,
} from '@sangam/contracts';
import { useEffect } from 'react';
import { isEnglish } from '@/lib/i18n/is-english';

/**
 * A nutrition row's recipe and source in the reader's language (issue 24): the ingredients' names, the
 * basis of a food IFCT 2017 lacks, the yield note and the row's source sentence. The server sends them in
 * English (`name`, `basis`, `yieldNote`, `source`: what the models read and API clients get) and as data
 * (`foodId`, `cooking` with `yieldFactor`, `sourceKind` with `ifctCode` and `isEnergyFromFat`); in English
 * the server's words are shown as sent, in every other language they are written from the data. A row
 * stored before the data was added, a food this build does not know, or a catalog not loaded yet shows
 * the English.
 *
 * These messages are a catalog of their own (`src/locales/recipe/<locale>.po`, lingui.config.ts), a chunk
 * per language that `useRecipeCatalog` loads when a nutrition table renders: in the main catalogs they
 * would add about 4 KB gzipped to every language's, past issue 24's 30 KB.
 */

/** The message in the reader's language; none in English, or while its catalog is not in. */
function inLanguage(i18n: I18n, message: MessageDescriptor | undefined): string | undefined {
  if (isEnglish(i18n) || !message?.id || !(message.id in i18n.messages)) return undefined;
  return i18n._(message);
}

/** "Wheat flour, atta" (the package's name of IFCT A019), "Water". */
export function ingredientName(i18n: I18n, ingredient: Pick<NutritionIngredient, 'name' | 'foodId'>): string {
  return inLanguage(i18n, ingredient.foodId && FOOD_NAMES[ingredient.foodId]) ?? ingredient.name;
}

/** "IFCT 2017 A019" for a food of the tables; for another, where its values come from ("water: no energy or nutrients"). */
export function ingredientBasis(i18n: I18n, ingredient: Pick<NutritionIngredient, 'ifctCode' | 'basis' | 'foodId'>): string {
  if (ingredient.ifctCode) return `IFCT 2017 ${ingredient.ifctCode}`;
  const basis = ingredient.foodId && BASES[ingredient.foodId as NutritionOtherFoodId];
  return inLanguage(i18n, basis) ?? ingredient.basis;
}

/** "cooked on a griddle: 20 % of the dough weight lost as water (standard yield factor, assumed)". */
export function yieldNoteText(i18n: I18n, recipe: Pick<NutritionRecipe, 'yieldNote' | 'yieldFactor' | 'cooking'>): string {
  const note = recipe.cooking && YIELD_NOTES[recipe.cooking];
  return inLanguage(i18n, note?.(Math.round((1 - recipe.yieldFactor) * 100))) ?? recipe.yieldNote;
}

/** The row's source: "IFCT 2017 E049 (Papaya, ripe)", "Recipe of IFCT 2017 foods with a standard yield factor", "Estimate: …". */
export function sourceText(
  i18n: I18n,
  item: Pick<SourcedNutritionItem, 'source' | 'sourceKind' | 'ifctCode' | 'isEnergyFromFat' | 'recipe'>,
): string {
  if (isEnglish(i18n)) return item.source;
  if (item.sourceKind === 'ifct') {
    const code = item.ifctCode;
    const food = code ? inLanguage(i18n, FOOD_NAMES[code as NutritionFoodId]) : undefined;
    if (!code || !food || item.isEnergyFromFat === undefined) return item.source;
    const message = item.isEnergyFromFat
      ? msg`IFCT 2017 ${code} (${food}); energy computed from fat at 9 kcal/g (Atwater), as the package gives 0 kJ for oils and fats`
      : msg`IFCT 2017 ${code} (${food})`;
    return inLanguage(i18n, message) ?? item.source;
  }
  if (item.sourceKind === 'ifct-recipe')
    return inLanguage(i18n, msg`Recipe of IFCT 2017 foods with a standard yield factor`) ?? item.source;
  // An estimate names the foods IFCT lacks, each once, in the recipe's order.
  const lacking = [...new Set(item.recipe?.ingredients.filter((i) => i.isEstimate).map((i) => i.foodId))];
  const names = lacking.map((id) => inLanguage(i18n, id && FOOD_NAMES[id]));
  if (names.length === 0 || names.some((n) => n === undefined)) return item.source;
  const foods = names.join(', ');
  return inLanguage(i18n, msg`Estimate: recipe of IFCT 2017 foods with ${foods} (not in IFCT 2017)`) ?? item.source;
}

/** The recipe catalogs, a chunk per language (English needs none: it shows the server's words). */
const CATALOGS: Record<Exclude<LocaleCode, 'en'> | 'pseudo-LOCALE', () => Promise<{ messages: Messages }>> = {
  hi: () => import('@/locales/recipe/hi.po'),
  bn: () => import('@/locales/recipe/bn.po'),
  mr: () => import('@/locales/recipe/mr.po'),
  te: () => import('@/locales/recipe/te.po'),
  ta: () => import('@/locales/recipe/ta.po'),
  gu: () => import('@/locales/recipe/gu.po'),
  kn: () => import('@/locales/recipe/kn.po'),
  ml: () => import('@/locales/recipe/ml.po'),
  or: () => import('@/locales/recipe/or.po'),
  pa: () => import('@/locales/recipe/pa.po'),
  'pseudo-LOCALE': () => import('@/locales/recipe/pseudo-LOCALE.po'),
};

/**
 * Adds the language's recipe catalog to the active one (once per language switch; the chunk is fetched
 * once): the rows re-render in the language when it is in, and show the server's English until then.
 */
export function useRecipeCatalog() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  useEffect(() => {
    const load = CATALOGS[locale as keyof typeof CATALOGS];
    if (!load) return;
    load().then(
      ({ messages }) => {
        // Only into the language still active: loaded before its own catalog, it would be replaced anyway.
        if (i18n.locale === locale) i18n.load(locale, messages);
      },
      () => {
        // Offline: the rows keep the server's English.
      },
    );
  }, [i18n, locale]);
}

/** How each recipe is cooked, with the share of the weight lost (the server's dishes-data.ts `YIELDS`). */
const YIELD_NOTES: Record<NutritionCooking, (lost: number) => MessageDescriptor> = {
  raw: () => msg`mixed without cooking: no weight change`,
  steamed: (lost) => msg`steamed: ${lost} % of the raw weight lost as water (standard yield factor, assumed)`,
  boiled: (lost) =>
    msg`boiled, water absorbed: ${lost} % of the raw weight (water included) lost as steam (standard yield factor, assumed)`,
  simmered: (lost) => msg`simmered curry or dal: ${lost} % of the raw weight (water included) evaporated (standard yield factor, assumed)`,
  tawa: (lost) => msg`cooked on a griddle: ${lost} % of the dough weight lost as water (standard yield factor, assumed)`,
  fried: (lost) => msg`pan-fried: ${lost} % of the raw weight lost as water (standard yield factor, assumed)`,
  deepFried: (lost) =>
    msg`deep-fried: ${lost} % of the raw weight lost as water; the oil absorbed is an ingredient (standard yield factor, assumed)`,
  roasted: (lost) => msg`roasted or grilled: ${lost} % of the raw weight lost as water and drip (standard yield factor, assumed)`,
  baked: (lost) => msg`baked: ${lost} % of the dough weight lost as water (standard yield factor, assumed)`,
  dried: (lost) => msg`dry-roasted: ${lost} % of the weight lost as water (standard yield factor, assumed)`,
};

/** Where the values of a food IFCT 2017 lacks come from (the server's other-foods.ts). */
const BASES: Record<NutritionOtherFoodId, MessageDescriptor> = {
  WATER: msg({ context: 'food basis', message: 'water: no energy or nutrients' }),
  SALT: msg({ context: 'food basis', message: 'sodium chloride: no energy or macronutrients' }),
  SUGAR: msg({
    context: 'food basis',
    message: 'estimate: not in IFCT 2017; refined sugar taken as pure sucrose, carbohydrate 100 g/100 g at 4 kcal/g (Atwater)',
  }),
  CURD: msg({
    context: 'food basis',
    message:
      'estimate: not in IFCT 2017; taken as IFCT L002 (milk, whole, cow), fermentation assumed not to change energy or macronutrients',
  }),
  TONED_MILK: msg({
    context: 'food basis',
    message:
      'estimate: not in IFCT 2017; IFCT L002 (milk, whole, cow) with its fat set to 3.0 g/100 g, the FSSAI minimum for toned milk (energy less the fat removed at 9 kcal/g)',
  }),
  BUTTER: msg({
    context: 'food basis',
    message:
      'estimate: not in IFCT 2017; taken as 80 g milk fat/100 g (the FSSAI minimum for table butter) at 9 kcal/g, other nutrients neglected',
  }),
  OATS: msg({ context: 'food basis', message: 'estimate: oats are not in IFCT 2017; IFCT A004 (barley) used as the nearest whole cereal' }),
  SAGO: msg({
    context: 'food basis',
    message: 'estimate: sago (sabudana) is not in IFCT 2017; IFCT A015 (rice, raw, milled) used as the nearest dry starch',
  }),
};

/** The foods' names: the package's English for an IFCT code (context: the code), other-foods.ts's for the rest. */
const FOOD_NAMES: Record<NutritionFoodId, MessageDescriptor> = {
  A003: msg({ context: 'food A003', message: 'Bajra' }),
  A005: msg({ context: 'food A005', message: 'Jowar' }),
  A006: msg({ context: 'food A006', message: 'Maize, dry' }),
  A010: msg({ context: 'food A010', message: 'Ragi' }),
  A011: msg({ context: 'food A011', message: 'Rice flakes' }),
  A012: msg({ context: 'food A012', message: 'Rice puffed' }),
  A014: msg({ context: 'food A014', message: 'Rice, parboiled, milled' }),
  A015: msg({ context: 'food A015', message: 'Rice, raw, milled' }),
  A018: msg({ context: 'food A018', message: 'Wheat flour, refined' }),
  A019: msg({ context: 'food A019', message: 'Wheat flour, atta' }),
  A022: msg({ context: 'food A022', message: 'Wheat, semolina' }),
  B001: msg({ context: 'food B001', message: 'Bengal gram, dal' }),
  B002: msg({ context: 'food B002', message: 'Bengal gram, whole' }),
  B003: msg({ context: 'food B003', message: 'Black gram, dal' }),
  B004: msg({ context: 'food B004', message: 'Black gram, whole' }),
  B010: msg({ context: 'food B010', message: 'Green gram, dal' }),
  B011: msg({ context: 'food B011', message: 'Green gram, whole' }),
  B013: msg({ context: 'food B013', message: 'Lentil dal' }),
  B016: msg({ context: 'food B016', message: 'Moth bean' }),
  B020: msg({ context: 'food B020', message: 'Rajmah, red' }),
  B021: msg({ context: 'food B021', message: 'Red gram, dal' }),
  C015: msg({ context: 'food C015', message: 'Cabbage, green' }),
  C020: msg({ context: 'food C020', message: 'Fenugreek leaves' }),
  C033: msg({ context: 'food C033', message: 'Spinach' }),
  D001: msg({ context: 'food D001', message: 'Ash gourd' }),
  D031: msg({ context: 'food D031', message: 'Brinjal - all varieties' }),
  D033: msg({ context: 'food D033', message: 'Capsicum, green' }),
  D036: msg({ context: 'food D036', message: 'Cauliflower' }),
  D043: msg({ context: 'food D043', message: 'Cucumber, green, elongate' }),
  D046: msg({ context: 'food D046', message: 'Drumstick' }),
  D050: msg({ context: 'food D050', message: 'French beans, hybrid' }),
  D056: msg({ context: 'food D056', message: 'Ladies finger' }),
  D057: msg({ context: 'food D057', message: 'Mango, green, raw' }),
  D061: msg({ context: 'food D061', message: 'Peas, fresh' }),
  D063: msg({ context: 'food D063', message: 'Plantain, green' }),
  D066: msg({ context: 'food D066', message: 'Pumpkin, orange, round' }),
  D076: msg({ context: 'food D076', message: 'Tomato, ripe, local' }),
  E001: msg({ context: 'food E001', message: 'Apple, big' }),
  E012: msg({ context: 'food E012', message: 'Banana, ripe, robusta' }),
  E026: msg({ context: 'food E026', message: 'Grapes, seedless, round, green' }),
  E028: msg({ context: 'food E028', message: 'Guava, white flesh' }),
  E033: msg({ context: 'food E033', message: 'Lemon, juice' }),
  E036: msg({ context: 'food E036', message: 'Mango, ripe, banganapalli' }),
  E047: msg({ context: 'food E047', message: 'Orange, pulp' }),
  E049: msg({ context: 'food E049', message: 'Papaya, ripe' }),
  E064: msg({ context: 'food E064', message: 'Tamarind, pulp' }),
  E065: msg({ context: 'food E065', message: 'Water melon, dark green (sugar baby)' }),
  F002: msg({ context: 'food F002', message: 'Carrot, orange' }),
  F007: msg({ context: 'food F007', message: 'Potato, brown skin, small' }),
  F010: msg({ context: 'food F010', message: 'Radish, elongate, white skin' }),
  G008: msg({ context: 'food G008', message: 'Chillies, green - all varieties' }),
  G009: msg({ context: 'food G009', message: 'Coriander leaves' }),
  G010: msg({ context: 'food G010', message: 'Curry leaves' }),
  G011: msg({ context: 'food G011', message: 'Garlic, big clove' }),
  G014: msg({ context: 'food G014', message: 'Ginger, fresh' }),
  G016: msg({ context: 'food G016', message: 'Mint leaves' }),
  G017: msg({ context: 'food G017', message: 'Onion, big' }),
  G019: msg({ context: 'food G019', message: 'Asafoetida' }),
  G022: msg({ context: 'food G022', message: 'Chillies, red' }),
  G024: msg({ context: 'food G024', message: 'Coriander seeds' }),
  G025: msg({ context: 'food G025', message: 'Cumin seeds' }),
  G026: msg({ context: 'food G026', message: 'Fenugreek seeds' }),
  G031: msg({ context: 'food G031', message: 'Pepper, black' }),
  G033: msg({ context: 'food G033', message: 'Turmeric powder' }),
  H001: msg({ context: 'food H001', message: 'Almond' }),
  H005: msg({ context: 'food H005', message: 'Cashew nut' }),
  H007: msg({ context: 'food H007', message: 'Coconut, kernel, fresh' }),
  H012: msg({ context: 'food H012', message: 'Ground nut' }),
  H013: msg({ context: 'food H013', message: 'Mustard seeds' }),
  I001: msg({ context: 'food I001', message: 'Jaggery, cane' }),
  L001: msg({ context: 'food L001', message: 'Milk, whole, Buffalo' }),
  L003: msg({ context: 'food L003', message: 'Paneer' }),
  L004: msg({ context: 'food L004', message: 'Khoa' }),
  M004: msg({ context: 'food M004', message: 'Egg, poultry, whole, boiled' }),
  M007: msg({ context: 'food M007', message: 'Egg, poultry, omlet' }),
  N002: msg({ context: 'food N002', message: 'Chicken, poultry, thigh, skinless' }),
  N003: msg({ context: 'food N003', message: 'Chicken, poultry, breast, skinless' }),
  O001: msg({ context: 'food O001', message: 'Goat, shoulder, meat' }),
  P087: msg({ context: 'food P087', message: 'Vanjaram' }),
  S006: msg({ context: 'food S006', message: 'Rohu' }),
  T001: msg({ context: 'food T001', message: 'Coconut oil' }),
  T005: msg({ context: 'food T005', message: 'Groundnut oil' }),
  T006: msg({ context: 'food T006', message: 'Mustard oil' }),
  T007: msg({ context: 'food T007', message: 'Palm oil' }),
  T013: msg({ context: 'food T013', message: 'Ghee' }),
  WATER: msg({ context: 'food WATER', message: 'Water' }),
  SALT: msg({ context: 'food SALT', message: 'Salt' }),
  SUGAR: msg({ context: 'food SUGAR', message: 'Sugar' }),
  CURD: msg({ context: 'food CURD', message: 'Curd (dahi)' }),
  TONED_MILK: msg({ context: 'food TONED_MILK', message: 'Toned milk' }),
  BUTTER: msg({ context: 'food BUTTER', message: 'Butter' }),
  OATS: msg({ context: 'food OATS', message: 'Oats (as barley)' }),
  SAGO: msg({ context: 'food SAGO', message: 'Sago (as milled rice)' }),
};

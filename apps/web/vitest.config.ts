import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { englishShellCatalog } from './i18n-shell';
import { englishShellScreens, linguiConfigPath, linguiMacro } from './vite.config';

export default defineConfig({
  plugins: [linguiMacro(), react(), lingui({ configPath: linguiConfigPath }), englishShellCatalog(linguiConfigPath, englishShellScreens)],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});

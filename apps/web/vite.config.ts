import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: { outDir: process.env.WEB_OUT_DIR ?? 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/ai': 'http://127.0.0.1:3000' } },
});

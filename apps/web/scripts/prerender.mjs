// Prerenders the landing page once per shipped language (decision 017): builds src/prerender.tsx for
// Node (vite build --ssr), renders `/` in each language, and writes
// <web dist>/prerender.json ({ [locale]: { html, title } }) for the server (plugins/page-locale.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(webRoot, process.env.WEB_OUT_DIR ?? 'dist');
// Inside the app, so the Node build finds the npm packages it leaves external.
const ssrOut = path.join(webRoot, 'node_modules/.cache/sangam-prerender');
try {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
  });
  const { renderLanding, LOCALE_CODES } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
  const pages = {};
  for (const locale of LOCALE_CODES) pages[locale] = await renderLanding(locale);
  fs.writeFileSync(path.join(dist, 'prerender.json'), JSON.stringify(pages));
  process.stdout.write(
    `prerendered / in ${LOCALE_CODES.length} languages: ${path.relative(process.cwd(), path.join(dist, 'prerender.json'))}\n`,
  );
} finally {
  fs.rmSync(ssrOut, { recursive: true, force: true });
}

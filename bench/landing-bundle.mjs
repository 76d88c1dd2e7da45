// Prints the gzipped size of the JavaScript the landing page loads initially (entry + modulepreloads
// + the landing route's lazy chunk and its static imports, the JavaScript assets it starts, such as
// its starfield's worker, and the prerendered page's /landing-boot.js when the build has it, decision
// 017), read from the built apps/web/dist, and the
// gzipped size of each locale's catalog chunk (issue 24: at most 30 KB each).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('Build first with: npm run build (apps/web/dist/.vite/manifest.json missing)');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
  for (const asset of chunk.assets ?? []) if (asset.endsWith('.js')) files.add(asset);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
visit('src/app/routes/public/landing.tsx');
if (fs.existsSync(path.join(dist, 'landing-boot.js'))) files.add('landing-boot.js');
let total = 0;
for (const file of files) {
  const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`landing initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (target <= 150 KB)`);
// The same measure of the last build before Lingui (4be43c7): issue 24 allows at most 5 KB more.
const PRE_I18N_BYTES = 175_681;
console.log(`  grown by ${((total - PRE_I18N_BYTES) / 1024).toFixed(2)} KB over the build before Lingui (issue 24: at most 5 KB)`);

const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const catalogs = Object.entries(manifest).filter(([key]) => /^src\/locales\/[^/]+\.po$/.test(key));
let over = 0;
for (const [key, chunk] of catalogs.sort(([a], [b]) => a.localeCompare(b))) {
  const size = gz(chunk.file);
  if (size > 30 * 1024) over += 1;
  console.log(
    `${(size / 1024).toFixed(1).padStart(8)} KB  catalog ${path.basename(key, '.po')}${files.has(chunk.file) ? ' (on the landing page)' : ''}`,
  );
}
console.log(`locale catalogs: ${catalogs.length}, ${over} over 30 KB gzipped (target: none)`);
// The recipe words (a nutrition row's ingredients, yield note and source): a chunk per language of its own,
// loaded by the food tool's table only, so they count against no catalog's 30 KB; none may be on the landing page.
const recipes = Object.entries(manifest).filter(([key]) => /^src\/locales\/recipe\/[^/]+\.po$/.test(key));
for (const [key, chunk] of recipes.sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `${(gz(chunk.file) / 1024).toFixed(1).padStart(8)} KB  recipe words ${path.basename(key, '.po')}${files.has(chunk.file) ? ' (on the landing page!)' : ''}`,
  );

// Bundles the server (and the contracts package) into dist/server.js; npm dependencies stay external.
// The database thread's script goes beside it as is (it is loaded by path, as a worker).
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outfile = process.env.SERVER_OUTFILE ?? 'dist/server.js';
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: ['src/server.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
copyFileSync('src/db/pglite-worker.mjs', path.join(path.dirname(outfile), 'pglite-worker.mjs'));

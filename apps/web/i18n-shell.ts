import path from 'node:path';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The bundled part of the English catalog: `import { messages } from 'virtual:english-shell'`. */
export const ENGLISH_SHELL_ID = 'virtual:english-shell';
const RESOLVED_ID = `\0${ENGLISH_SHELL_ID}`;
const PLACEHOLDER = '__SANGAM_ENGLISH_SHELL__';
const ENGLISH_CATALOG = 'src/locales/en.po';

/** The source files (relative to the web app) of the entry chunk, the given lazy screens and every chunk they import statically. */
export function shellSourceFiles(bundle: OutputBundle, root: string, screens: string[]): Set<string> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const id of chunk.moduleIds) files.add(path.relative(root, id).split(path.sep).join('/'));
    for (const file of chunk.imports) visit(byFile.get(file));
  };
  for (const chunk of chunks) if (chunk.isEntry || screens.some((s) => chunk.facadeModuleId?.endsWith(s))) visit(chunk);
  return files;
}

/**
 * Splits the English catalog: the messages of the code an English visitor's landing page loads (the
 * entry, `screens` and their static imports, read from the finished bundle) are bundled through
 * `virtual:english-shell`, but for the files in `later` (shown only after a tap, by when the whole
 * catalog is in); the whole catalog stays `src/locales/en.po`, a chunk of its own that lib/i18n/locale.ts
 * loads right after the start for the other screens. In development and tests the shell is the whole catalog.
 */
export function englishShellCatalog(configPath: string, screens: string[], later: string[] = []): Plugin {
  let isBuild = false;
  return {
    name: 'sangam-english-shell-catalog',
    configResolved(resolved) {
      isBuild = resolved.command === 'build' && !resolved.isWorker;
    },
    resolveId: (id) => (id === ENGLISH_SHELL_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const whole = path.resolve(path.dirname(configPath), ENGLISH_CATALOG);
      return isBuild
        ? `export const messages = JSON.parse(${JSON.stringify(PLACEHOLDER)});`
        : `export { messages } from ${JSON.stringify(whole)};`;
    },
    async generateBundle(_options, bundle) {
      const config = getConfig({ configPath, skipValidation: true });
      const found = getCatalogForFile(ENGLISH_CATALOG, await getCatalogs(config));
      if (!found) return this.error(`${ENGLISH_CATALOG} is not a Lingui catalog`);
      const entries = (await found.catalog.read('en')) ?? {};
      const files = shellSourceFiles(bundle, config.rootDir ?? path.dirname(configPath), screens);
      for (const file of later) files.delete(file);
      const shell: Record<string, string> = {};
      for (const [id, entry] of Object.entries(entries))
        if (entry.origin?.some(([file]) => files.has(file))) shell[id] = entry.translation || entry.message || id;
      const { source, errors } = createCompiledCatalog('en', shell, { namespace: 'json' });
      if (errors.length) return this.error(`English shell catalog: ${errors.map((e) => e.source).join(', ')}`);
      // An object literal, not JSON.parse("…"): without escaped quotes it is a little smaller gzipped.
      const literal = `(${JSON.stringify(JSON.parse(source).messages)})`;
      const holder = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.includes(RESOLVED_ID));
      const pattern = new RegExp(`JSON\\.parse\\((["'\`])${PLACEHOLDER}\\1\\)`);
      if (!holder || !pattern.test(holder.code)) return this.error('the English shell catalog placeholder is missing from the bundle');
      holder.code = holder.code.replace(pattern, () => literal);
    },
  };
}

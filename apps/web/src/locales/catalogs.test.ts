// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig, makeConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import { messagesMissingFromCatalogs } from '../../i18n-check';

/**
 * The catalogs as the build sees them (@lingui/vite-plugin compiles them through the same API): every
 * one compiles (the interface's and the recipe words', src/locales/recipe), every Indian language
 * translates every message of the source, and a missing or broken message is caught.
 */
const configPath = path.resolve(import.meta.dirname, '../../lingui.config.ts');
const config = getConfig({ configPath, skipValidation: true });
/** Every Indian language is drafted in full (awaiting a native speaker's review). */
const DRAFTED = ['hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml', 'or', 'pa'];

async function catalogOf(of = config) {
  const [catalog] = await getCatalogs(of);
  if (!catalog) throw new Error('no catalog in lingui.config.ts');
  return catalog;
}

/** The placeholders ({brand}) or the tags (<0>, </0>) of a message, sorted. */
const slots = (message: string, pattern: RegExp) => [...message.matchAll(pattern)].map((m) => m[0]).sort();
const PLACEHOLDER = /\{\w+\}/g;
const TAG = /<\/?\d+>/g;

describe('the catalogs', () => {
  // Extracting the whole source takes several seconds (longer on a busy machine).
  it('hold every message of the source (i18n:extract has been run)', { timeout: 120_000 }, async () => {
    expect(await messagesMissingFromCatalogs(configPath)).toEqual([]);
  });

  it('every locale compiles without an error (English falls in for an empty translation)', async () => {
    const catalogs = await getCatalogs(config);
    expect(catalogs.map((c) => path.relative(config.rootDir ?? '', c.path))).toEqual([
      'src/locales/{locale}',
      'src/locales/recipe/{locale}',
    ]);
    for (const catalog of catalogs)
      for (const locale of config.locales) {
        const { messages } = await catalog.getTranslations(locale, { fallbackLocales: { default: 'en' }, sourceLocale: 'en' });
        const { errors } = createCompiledCatalog(locale, messages, { namespace: 'es', pseudoLocale: config.pseudoLocale });
        expect(errors, locale).toEqual([]);
        expect(Object.keys(messages).length, locale).toBeGreaterThan(100);
      }
  });

  it("every Indian language translates every message, with the source's tags and no unknown placeholder, flagged as drafted", {
    timeout: 120_000,
  }, async () => {
    for (const catalog of await getCatalogs(config)) await expectDrafted(catalog);
  });

  async function expectDrafted(catalog: Awaited<ReturnType<typeof catalogOf>>) {
    const source = await catalog.read('en');
    for (const locale of DRAFTED) {
      const { missing } = await catalog.getTranslations(locale, { fallbackLocales: {}, sourceLocale: 'en' });
      expect(
        missing.map((m) => m.id),
        locale,
      ).toEqual([]);
      const translated = await catalog.read(locale);
      for (const [id, entry] of Object.entries(translated)) {
        const english = source[id]?.translation || source[id]?.message || '';
        const translation = entry.translation ?? '';
        // Tags wrap the same links; a placeholder may be written out (the city), never invented.
        expect(slots(translation, TAG), `${locale}: ${english}`).toEqual(slots(english, TAG));
        for (const placeholder of slots(translation, PLACEHOLDER))
          expect(slots(english, PLACEHOLDER), `${locale}: ${english}`).toContain(placeholder);
        // A drafted entry stays flagged until a native speaker has reviewed it (docs/i18n.md).
        expect((entry.extra as { flags?: string[] } | undefined)?.flags, `${locale}: ${english}`).toContain('fuzzy');
      }
    }
  }

  it('a message missing from a catalog is reported, and a broken one fails to compile', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lingui-'));
    const po = (id: string, str: string) => `msgid "${id}"\nmsgstr "${str}"\n`;
    fs.writeFileSync(path.join(dir, 'en.po'), `${po('Hello', 'Hello')}\n${po('Why {brand}', 'Why {brand}')}`);
    const tmpConfig = makeConfig(
      { rootDir: dir, locales: ['en', 'hi'], sourceLocale: 'en', catalogs: [{ path: '<rootDir>/{locale}', include: ['<rootDir>'] }] },
      { skipValidation: true },
    );
    fs.writeFileSync(path.join(dir, 'hi.po'), po('Hello', 'नमस्ते'));
    const { missing } = await (await catalogOf(tmpConfig)).getTranslations('hi', { fallbackLocales: {}, sourceLocale: 'en' });
    expect(missing.map((m) => m.source)).toEqual(['Why {brand}']);
    const broken = createCompiledCatalog('hi', { 'Why {brand}': '{brand ही क्यों' }, { namespace: 'es' });
    expect(broken.errors).toHaveLength(1);
  });
});

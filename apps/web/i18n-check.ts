import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';

/**
 * The messages written in the source (Trans, t, msg) that the English catalog lacks: `npm run -w
 * @sangam/web i18n:extract` was not run after they were added or changed. In a production build such a
 * message would show its generated id, since the macros strip the English text.
 */
export async function messagesMissingFromCatalogs(configPath: string): Promise<string[]> {
  const config = getConfig({ configPath, skipValidation: true });
  const missing: string[] = [];
  for (const catalog of await getCatalogs(config)) {
    const [inSource, english] = await Promise.all([catalog.collect(), catalog.read(config.sourceLocale ?? 'en')]);
    for (const [id, entry] of Object.entries(inSource ?? {})) if (!english?.[id]) missing.push(entry.message ?? id);
  }
  return missing;
}

/** Fails `vite build` when a message of the source is missing from the catalogs. */
export function linguiCatalogsUpToDate(configPath: string): Plugin {
  return {
    name: 'sangam-lingui-catalogs-up-to-date',
    apply: 'build',
    async buildStart() {
      const missing = await messagesMissingFromCatalogs(configPath);
      if (missing.length)
        this.error(
          `${missing.length} message(s) missing from src/locales (run npm run -w @sangam/web i18n:extract):\n${missing.join('\n')}`,
        );
    },
  };
}

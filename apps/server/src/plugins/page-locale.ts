import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode, localeSchema, pickLocale } from '@sangam/contracts';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '@/lib/signed-cookies';

/** The cookie the web keeps the interface's language in (not httpOnly: the web writes it). */
export const LOCALE_COOKIE = 'sangam_locale';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The `<link>` tags that start a language's catalog and script face with the page, by locale, from
 * the web build's manifest: without them a Hindi visitor's browser learns of both only after the
 * entry script has run, and the first paint waits for them one round trip after another.
 */
export function readPreloads(distDir: string): Map<LocaleCode, string> {
  const preloads = new Map<LocaleCode, string>();
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return preloads;
  }
  const keys = Object.keys(manifest);
  for (const { code, script } of LOCALES) {
    if (code === DEFAULT_LOCALE) continue;
    const catalog = manifest[`src/locales/${code}.po`]?.file;
    // Fontsource's variable face of the script's own subset (styles/fonts.css), e.g.
    // @fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2
    const slug = script.toLowerCase();
    const fontKey = keys.find((k) => k.endsWith(`/noto-sans-${slug}/files/noto-sans-${slug}-${slug}-wght-normal.woff2`));
    const font = fontKey ? manifest[fontKey]?.file : undefined;
    const links = [
      catalog && `<link rel="modulepreload" crossorigin href="/${catalog}">`,
      font && `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`,
    ].filter(Boolean);
    if (links.length) preloads.set(code, links.join(''));
  }
  return preloads;
}

/** The language a page is first drawn in: the web's kept choice (cookie), else the first of Accept-Language that Sangam ships, else English. */
export function pageLocale(request: FastifyRequest): LocaleCode {
  const kept = localeSchema.safeParse(readCookie(request.headers.cookie, LOCALE_COOKIE));
  if (kept.success) return kept.data;
  const header = request.headers['accept-language'];
  return pickLocale(
    typeof header === 'string'
      ? header
          .slice(0, 1000)
          .split(',')
          .map((part) => part.split(';')[0] ?? '')
      : [],
  );
}

/** The landing page drawn at build time in one language (apps/web/src/prerender.tsx): the inside of `#root` and the tab's title. */
export type PrerenderedPage = { html: string; title: string };

/** The module of the landing screen, for the `<link rel="modulepreload">` tags of its chunk and those it imports (manifest keys). */
const LANDING_MODULE = 'src/app/routes/public/landing.tsx';

/**
 * The build's prerendered landing pages by locale (decision 017), each with the preloads of the landing
 * screen's code, which the browser needs before it can hydrate; none when the web was built without them.
 */
export function readPrerendered(distDir: string): Map<LocaleCode, PrerenderedPage & { preloads: string }> {
  const pages = new Map<LocaleCode, PrerenderedPage & { preloads: string }>();
  let stored: Partial<Record<string, PrerenderedPage>>;
  let manifest: Manifest;
  try {
    stored = JSON.parse(fs.readFileSync(path.join(distDir, 'prerender.json'), 'utf8')) as typeof stored;
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return pages;
  }
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(LANDING_MODULE);
  // The entry's own imports are in index.html already.
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const inIndex = new Set([entry?.file, ...(entry?.imports ?? []).map((k) => manifest[k]?.file)]);
  const preloads = files
    .filter((f) => !inIndex.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    .join('');
  for (const { code } of LOCALES) {
    const page = stored[code];
    if (page && typeof page.html === 'string' && typeof page.title === 'string') pages.set(code, { ...page, preloads });
  }
  return pages;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html for a language: `<html lang>` set and its catalog and face preloaded; with `prerendered`
 * (the landing page, `/`), also its title and the landing drawn in `#root`, marked with its language
 * for the browser, which hydrates it when it starts in the same language (apps/web/src/main.tsx), and
 * inert until then (a tap or typing before React has taken it over would be lost).
 */
export function localisedPage(
  html: string,
  locale: LocaleCode,
  preloads: Map<LocaleCode, string>,
  prerendered?: PrerenderedPage & { preloads: string },
): string {
  const links = (preloads.get(locale) ?? '') + (prerendered?.preloads ?? '');
  let page = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (links) page = page.replace('</head>', `${links}</head>`);
  if (!prerendered) return page;
  const plain = page;
  // The page is drawn before its code is fetched: the entry and the modules to preload go to the
  // boot script (apps/web/public/landing-boot.js), which starts them after the first paint.
  const modules: string[] = [];
  let entry = '';
  page = page
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
      modules.push(href);
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return '';
    });
  if (!entry) return plain;
  page = page.replace(
    '</head>',
    () => `<script defer src="/landing-boot.js" data-entry="${entry}" data-modules="${modules.join(' ')}"></script></head>`,
  );
  // Functions as replacements: a `$` in the text stays a `$`.
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(prerendered.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${locale}" inert>${prerendered.html}</div>`);
}

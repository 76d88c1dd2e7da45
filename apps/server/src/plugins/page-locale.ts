import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode, localeSchema, pickLocale } from '@sangam/contracts';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '@/lib/signed-cookies';

/** The cookie the web keeps the interface's language in (not httpOnly: the web writes it). */
export const LOCALE_COOKIE = 'sangam_locale';

type Manifest = Record<string, { file: string }>;

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

/** index.html for a language: `<html lang>` set and its catalog and face preloaded. */
export function localisedPage(html: string, locale: LocaleCode, preloads: Map<LocaleCode, string>): string {
  const links = preloads.get(locale);
  const withLang = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  return links ? withLang.replace('</head>', `${links}</head>`) : withLang;
}

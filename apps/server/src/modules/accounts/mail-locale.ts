import { DEFAULT_LOCALE, LOCALES, type LocaleCode, localeSchema } from '@sangam/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request asks for: the body's `locale` (the web sends the language on screen), else
 * the first language of `Accept-Language` that Sangam ships, else none.
 */
export function requestedLocale(request: FastifyRequest): LocaleCode | undefined {
  const fromBody = localeSchema.safeParse((request.body as { locale?: unknown } | null | undefined)?.locale);
  if (fromBody.success) return fromBody.data;
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(',')) {
    const primary = part.split(';')[0]?.trim().toLowerCase().split(/[-_]/)[0];
    const match = LOCALES.find((l) => l.code === primary);
    if (match) return match.code;
  }
  return undefined;
}

/** A mail's language: the one the request asked for, else the user's stored choice, else English. */
export function mailLocale(requested: LocaleCode | undefined, stored?: string | null): LocaleCode {
  return requested ?? localeSchema.safeParse(stored).data ?? DEFAULT_LOCALE;
}

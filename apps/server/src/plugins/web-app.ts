import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LOCALE_CODES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localisedPage, pageLocale, readPreloads, readPrerendered } from '@/plugins/page-locale';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated.
 * Unknown `/api/*` and `/ai/*` paths answer 404 JSON; any other unknown path gets the app's
 * index.html so the client router shows the landing page, drawn in the visitor's language first
 * (`<html lang>` and that language's catalog and script face preloaded: plugins/page-locale.ts);
 * `/` comes with the landing prerendered in that language (decision 017).
 */
export const webApp = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const html = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const preloads = hasWeb ? readPreloads(distDir) : new Map();
  // One page per language, made once; the landing page's with the landing drawn in (decision 017).
  const pages = new Map(LOCALE_CODES.map((code) => [code, localisedPage(html, code, preloads)]));
  const prerendered = hasWeb ? readPrerendered(distDir) : new Map();
  const landingPages = new Map(LOCALE_CODES.map((code) => [code, localisedPage(html, code, preloads, prerendered.get(code))]));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath: string) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the screens');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = /^\/(api|ai)(\/|$)/.test(url);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url);
    if (isApi || !hasWeb || !isPage) {
      return reply.status(404).send({ code: 'NOT_FOUND', detail: `No route for ${request.method} ${url}` });
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send((url === '/' ? landingPages : pages).get(pageLocale(request)) ?? html);
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** A strict Content-Security-Policy: no inline script, no plugins, no framing. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * Helmet's headers for our options. They depend on nothing in the request, so helmet runs once, at
 * start, against a recording response (@fastify/helmet rebuilt them for every request, ~0.1 ms each).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** Answers of these prefixes carry user data: never stored by a browser or a shared cache. */
const PRIVATE_PREFIXES = ['/api/', '/ai/'];
const isPrivate = (url: string) => url === '/api' || url === '/ai' || PRIVATE_PREFIXES.some((p) => url.startsWith(p));

/** Two years, subdomains included (only sent when the product is served over https). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Security headers on every response (streams included: they start from the reply's headers);
 * `Cache-Control: no-store` on every `/api` and `/ai` answer, errors and 404s included; HSTS when the
 * public address is https.
 */
export const securityHeaders = fp(async (app: FastifyInstance, { hsts = false }: { hsts?: boolean } = {}) => {
  const headers = { ...helmetHeaders(), ...(hsts ? { 'strict-transport-security': HSTS } : {}) };
  const privateHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isPrivate(request.url) ? privateHeaders : headers);
    done();
  });
});

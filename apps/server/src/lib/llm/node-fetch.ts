import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The `fetch` the AI SDK providers are given: node:http with keep-alive agents instead of the global
 * (undici) fetch, which costs about 0.6 ms more per model call on this kind of machine. It does what
 * the providers need of fetch: method, headers, a string or bytes body, an abort signal, and a
 * streamed (decompressed) body. Network failures look like fetch's ("fetch failed" TypeError), so
 * the SDK still treats them as retryable.
 */
export const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** Sent on every model call: Sangam's own /v1 refuses a request carrying it (a model pointing back at Sangam). */
export const DEPTH_HEADER = 'x-sangam-depth';

const headerRecord = (init: RequestInit['headers']): Record<string, string> => {
  if (!init) return {};
  const entries = init instanceof Headers ? [...init.entries()] : Array.isArray(init) ? init : Object.entries(init);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
};

/** application/json, application/problem+json…; not application/x-ndjson, which streams. */
const JSON_BODY = /^[\w.+-]+\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export function decoded(res: http.IncomingMessage): Readable {
  switch (res.headers['content-encoding']) {
    case 'gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

/** A response's headers as one string each (repeated ones joined), without those named in `skip`. */
export function flatHeaders(res: http.IncomingMessage, skip: ReadonlySet<string> = NONE): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined && !skip.has(name)) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
const NONE: ReadonlySet<string> = new Set();

/** A body read to its end. */
export function readBytes(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    body.on('end', () => resolve(Buffer.concat(chunks)));
    body.on('error', reject);
  });
}

/** Headers fetch leaves out of a response whose body it hands over decompressed. */
const BODY_FRAMING = new Set(['content-encoding', 'content-length']);

export const nodeFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
  if (input instanceof Request) return fetch(input, init);
  const url = new URL(input);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) return fetch(input, init);
  const body = init.body;
  if (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)) return fetch(input, init);
  const signal = init.signal ?? undefined;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const sent = { ...headerRecord(init.headers), [DEPTH_HEADER]: '1' };
    const req = transport.request(url, { method: init.method ?? 'GET', headers: sent, agent, signal }, (res) => {
      const headers = new Headers(flatHeaders(res, BODY_FRAMING));
      const status = res.statusCode ?? 502;
      const meta = { status, statusText: res.statusMessage, headers };
      if (status === 204 || status === 304 || init.method === 'HEAD') {
        res.resume();
        return resolve(new Response(null, meta));
      }
      const body = decoded(res);
      if (!JSON_BODY.test(res.headers['content-type'] ?? ''))
        return resolve(new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, meta));
      // A JSON answer or error is read whole by the provider at once: hand it over as bytes, which
      // skips a web-stream adapter per call. Anything else (event streams, NDJSON) stays a stream.
      readBytes(body).then((bytes) => resolve(new Response(bytes, meta)), fail);
    });
    function fail(err: Error) {
      if (err.name === 'AbortError') reject(err);
      else reject(Object.assign(new TypeError('fetch failed'), { cause: err }));
    }
    req.on('error', fail);
    req.end(body ?? undefined);
  });
}) as typeof fetch;

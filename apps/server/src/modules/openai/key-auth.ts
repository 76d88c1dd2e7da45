import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEPTH_HEADER } from '@/lib/llm/node-fetch';
import type { RateLimiter } from '@/lib/rate-limit/rate-limiter';
import type { ActiveKey, KeyStore } from '@/modules/openai/key-store';
import { OpenAiError } from '@/modules/openai/openai-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The developer key of a /v1 request (set by the key guard). */
    apiKey?: ActiveKey;
  }
}

/** Requests of one key in progress at once on an instance. */
export const KEY_MAX_CONCURRENT = 16;
const MINUTE_MS = 60_000;

/**
 * The guard of /v1: refuses a request that came back through Sangam (depth header), then wants a live
 * key in `Authorization: Bearer sk-sgm-…` (401), counts it against the key's requests per minute and
 * in-flight cap (429 with Retry-After and x-ratelimit-* headers). The key itself is never logged.
 */
export function createKeyGuard({ keys, limiter }: { keys: KeyStore; limiter: RateLimiter }) {
  const inFlight = new Map<string, number>();
  return async function keyGuard(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers[DEPTH_HEADER] !== undefined)
      throw new OpenAiError('loop_detected', { message: 'This request came back through Sangam itself (a model points at this server).' });
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const key = match?.[1] ? await keys.find(match[1]) : null;
    if (!key) throw new OpenAiError('invalid_api_key');
    const rate = await limiter.hit(`v1key:${key.id}`, { limit: key.requestsPerMinute, windowMs: MINUTE_MS });
    reply.headers({
      'x-ratelimit-limit-requests': String(key.requestsPerMinute),
      'x-ratelimit-remaining-requests': String(Math.max(0, key.requestsPerMinute - rate.count)),
      'x-ratelimit-reset-requests': `${rate.retryAfterSeconds}s`,
    });
    if (!rate.allowed)
      throw new OpenAiError('rate_limit_exceeded', {
        message: `This key allows ${key.requestsPerMinute} requests a minute. Retry in ${rate.retryAfterSeconds} s.`,
        headers: { 'retry-after': String(rate.retryAfterSeconds) },
      });
    const running = inFlight.get(key.id) ?? 0;
    if (running >= KEY_MAX_CONCURRENT)
      throw new OpenAiError('concurrency_limit_exceeded', {
        message: `At most ${KEY_MAX_CONCURRENT} requests of one key run at once.`,
        headers: { 'retry-after': '1' },
      });
    inFlight.set(key.id, running + 1);
    reply.raw.once('close', () => {
      const left = (inFlight.get(key.id) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key.id);
      else inFlight.set(key.id, left);
    });
    request.apiKey = key;
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEPTH_HEADER } from '@/lib/llm/node-fetch';
import type { RateLimiter } from '@/lib/rate-limit/rate-limiter';
import type { KeySlots } from '@/modules/openai/key-slots';
import type { ActiveKey, KeyStore } from '@/modules/openai/key-store';
import { OpenAiError } from '@/modules/openai/openai-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The developer key of a /v1 request (set by the key guard). */
    apiKey?: ActiveKey;
  }
}

const MINUTE_MS = 60_000;

/**
 * The guard of /v1: refuses a request that came back through Sangam (depth header), then wants a live
 * key in `Authorization: Bearer sk-sgm-…` (401), counts it against the key's requests per minute and
 * its requests in progress, at most `maxConcurrent` over every instance (429 with Retry-After and
 * x-ratelimit-* headers). The slot is freed when the response closes (finished or aborted). The key
 * itself is never logged.
 */
export function createKeyGuard({
  keys,
  limiter,
  slots,
  maxConcurrent,
}: {
  keys: KeyStore;
  limiter: RateLimiter;
  slots: KeySlots;
  maxConcurrent: number;
}) {
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
    const { slot, held } = await slots.acquire(key.id, maxConcurrent);
    reply.headers({
      'x-ratelimit-limit-concurrency': String(maxConcurrent),
      'x-ratelimit-remaining-concurrency': String(Math.max(0, maxConcurrent - held)),
    });
    if (!slot)
      throw new OpenAiError('concurrency_limit_exceeded', {
        message: `At most ${maxConcurrent} requests of one key run at once.`,
        headers: { 'retry-after': '1' },
      });
    // A client gone while the slot was being taken frees it at once ('close' has already fired).
    if (reply.raw.closed) slot.release();
    else reply.raw.once('close', slot.release);
    request.apiKey = key;
  };
}

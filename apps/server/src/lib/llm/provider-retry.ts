import { APICallError } from '@ai-sdk/provider';

/** The AI SDK's own retry rules, for calls made on a provider model directly. */
export const MAX_RETRIES = 2;
const INITIAL_DELAY_MS = 2_000;
const BACKOFF_FACTOR = 2;
/** A provider asking us to wait longer than this is not retried: the model fails at once. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** The Retry-After (seconds or a date) or retry-after-ms a provider answered with, if any. */
export function retryAfterMs(error: unknown): number | undefined {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return undefined;
  const afterMs = headers['retry-after-ms'];
  if (afterMs && !Number.isNaN(Number.parseFloat(afterMs))) return Math.max(0, Number.parseFloat(afterMs));
  const after = headers['retry-after'];
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  const ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/**
 * How long to wait before the next try, or `undefined` to give up now. A Retry-After is honoured
 * when it is at most 60 s and ends before the deadline; a longer one fails the model at once
 * (retrying sooner would only be refused again). Without one, the back-off is jittered (half of
 * it fixed, half random) so that many callers refused together do not come back together.
 */
export function retryDelayMs(
  error: unknown,
  backoffMs: number,
  { deadline, now = Date.now(), random = Math.random }: { deadline?: number; now?: number; random?: () => number } = {},
): number | undefined {
  const remaining = deadline === undefined ? Number.POSITIVE_INFINITY : deadline - now;
  const asked = retryAfterMs(error);
  if (asked !== undefined) return asked <= MAX_RETRY_AFTER_MS && asked < remaining ? asked : undefined;
  const jittered = Math.round(backoffMs / 2 + (random() * backoffMs) / 2);
  return jittered < remaining ? jittered : undefined;
}

/** Only 429, 5xx and network failures are worth another try; never any other 4xx. */
export const isRetryable = (error: unknown) => APICallError.isInstance(error) && error.isRetryable;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Runs `call`, retrying retryable failures with a jittered exponential back-off that honours
 * Retry-After; gives up at once when the wait would pass `deadline` (epoch ms) or 60 s.
 */
export async function withRetries<T>(
  call: () => PromiseLike<T>,
  signal: AbortSignal,
  { deadline }: { deadline?: number } = {},
): Promise<T> {
  let backoff = INITIAL_DELAY_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= MAX_RETRIES || !isRetryable(error) || signal.aborted) throw error;
      const delay = retryDelayMs(error, backoff, { deadline });
      if (delay === undefined) throw error;
      await sleep(delay, signal);
      backoff *= BACKOFF_FACTOR;
    }
  }
}

import { APICallError } from '@ai-sdk/provider';

/** The AI SDK's own retry rules, for calls made on a provider model directly. */
export const MAX_RETRIES = 2;
const INITIAL_DELAY_MS = 2_000;
const BACKOFF_FACTOR = 2;

/** Retry-After (seconds or a date) or retry-after-ms from a provider's answer, when under a minute. */
export function retryDelayMs(error: unknown, backoffMs: number): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return backoffMs;
  let ms: number | undefined;
  const afterMs = headers['retry-after-ms'];
  if (afterMs && !Number.isNaN(Number.parseFloat(afterMs))) ms = Number.parseFloat(afterMs);
  const after = headers['retry-after'];
  if (ms === undefined && after) {
    const seconds = Number.parseFloat(after);
    ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  return ms !== undefined && !Number.isNaN(ms) && ms >= 0 && (ms < 60_000 || ms < backoffMs) ? ms : backoffMs;
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

/** Runs `call`, retrying retryable failures with exponential backoff that honours Retry-After. */
export async function withRetries<T>(call: () => PromiseLike<T>, signal: AbortSignal): Promise<T> {
  let backoff = INITIAL_DELAY_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= MAX_RETRIES || !isRetryable(error) || signal.aborted) throw error;
      await sleep(retryDelayMs(error, backoff), signal);
      backoff *= BACKOFF_FACTOR;
    }
  }
}

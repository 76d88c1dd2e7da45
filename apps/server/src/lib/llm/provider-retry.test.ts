import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { isRetryable, retryDelayMs, withRetries } from '@/lib/llm/provider-retry';

const apiError = (statusCode: number, headers: Record<string, string> = {}) =>
  new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://127.0.0.1/v1',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
  });

describe('provider retries', () => {
  it('retries 429, 5xx and network failures, never another 4xx', () => {
    expect(isRetryable(apiError(429))).toBe(true);
    expect(isRetryable(apiError(503))).toBe(true);
    expect(isRetryable(apiError(400))).toBe(false);
    expect(isRetryable(apiError(401))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });

  it('waits as Retry-After says (seconds, milliseconds or a date) when under a minute', () => {
    expect(retryDelayMs(apiError(429, { 'retry-after': '3' }), 2000)).toBe(3000);
    expect(retryDelayMs(apiError(429, { 'retry-after-ms': '150' }), 2000)).toBe(150);
    const soon = new Date(Date.now() + 5000).toUTCString();
    expect(retryDelayMs(apiError(429, { 'retry-after': soon }), 2000)).toBeGreaterThan(3000);
  });

  it('gives up at once when Retry-After is over a minute or beyond the model deadline, instead of a short back-off', () => {
    expect(retryDelayMs(apiError(429, { 'retry-after': '3600' }), 2000)).toBeUndefined();
    expect(retryDelayMs(apiError(429, { 'retry-after-ms': '61000' }), 2000)).toBeUndefined();
    const now = 1_000_000;
    expect(retryDelayMs(apiError(429, { 'retry-after': '10' }), 2000, { now, deadline: now + 5_000 })).toBeUndefined();
    expect(retryDelayMs(apiError(429, { 'retry-after': '3' }), 2000, { now, deadline: now + 5_000 })).toBe(3000);
    // A back-off that would end after the deadline is not waited either.
    expect(retryDelayMs(apiError(500), 8000, { now, deadline: now + 1_000, random: () => 0 })).toBeUndefined();
  });

  it('fails the model without waiting when the provider asks for more than a minute', async () => {
    let calls = 0;
    const started = Date.now();
    const refused = () => {
      calls += 1;
      return Promise.reject(apiError(429, { 'retry-after': '120' }));
    };
    await expect(withRetries(refused, new AbortController().signal)).rejects.toMatchObject({ statusCode: 429 });
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('jitters the back-off between half and all of it', () => {
    expect(retryDelayMs(apiError(500), 4000, { random: () => 0 })).toBe(2000);
    expect(retryDelayMs(apiError(500), 4000, { random: () => 0.999999 })).toBe(4000);
    const seen = new Set(Array.from({ length: 50 }, () => retryDelayMs(apiError(503), 4000)));
    expect(seen.size).toBeGreaterThan(10);
    for (const d of seen) {
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });

  it('gives up after two retries and stops waiting when aborted', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(apiError(429, { 'retry-after-ms': '1' }));
    };
    await expect(withRetries(failing, new AbortController().signal)).rejects.toMatchObject({ statusCode: 429 });
    expect(calls).toBe(3);

    const controller = new AbortController();
    const slow = withRetries(() => Promise.reject(apiError(500)), controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error('client disconnected'));
    await expect(slow).rejects.toThrow('client disconnected');
  });
});

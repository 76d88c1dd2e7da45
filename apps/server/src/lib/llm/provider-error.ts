import { APICallError } from '@ai-sdk/provider';
import { RetryError } from 'ai';

/** Errors our own model code raises; their message is ours and safe to log. */
export class ModelError extends Error {
  override name = 'ModelError';
}

export type ProviderFailure = { kind: string; status?: number; code?: string; reason?: string };

/**
 * What an operator needs to know about a provider failure, and nothing else: the error's kind, the
 * HTTP status and a network error code. Never its message or fields, which can carry the request
 * body (the prompt), the response body (the provider's words, sometimes part of the key) or the URL.
 */
export function describeProviderError(err: unknown): ProviderFailure {
  const e = RetryError.isInstance(err) && err.lastError !== undefined ? err.lastError : err;
  if (APICallError.isInstance(e))
    return { kind: 'APICallError', ...(e.statusCode ? { status: e.statusCode } : {}), ...networkCode(e.cause) };
  if (e instanceof ModelError) return { kind: e.name, reason: e.message };
  if (e instanceof Error)
    return { kind: e.name === 'Error' ? 'Error' : e.name.replace(/[^\w]/g, '').slice(0, 60), ...networkCode(e.cause ?? e) };
  return { kind: typeof e };
}

/** A system error code such as ECONNREFUSED, when the failure was the network's. */
function networkCode(cause: unknown) {
  const code = typeof cause === 'object' && cause && 'code' in cause ? (cause as { code: unknown }).code : undefined;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? { code } : {};
}

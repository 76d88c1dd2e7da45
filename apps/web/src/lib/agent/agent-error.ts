import { ERRORS, type ErrorCode } from '@sangam/contracts';
import { HttpError } from '@/lib/api-client';

/** Failures the browser sees without the server saying why (no code of the registry applies). */
export const CLIENT_ERRORS = {
  NETWORK: 'Sangam could not be reached. Check your connection and try again.',
  INVALID_RESPONSE: 'Invalid JSON response from server',
  STREAM_CUT: 'The answer stopped before it was complete. Please try again.',
  ABORTED: 'The request was cancelled.',
} as const;
export type ClientErrorCode = keyof typeof CLIENT_ERRORS;
export type AgentErrorCode = ErrorCode | ClientErrorCode;

const isRegistered = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERRORS, code);

/**
 * The one error of every tool's answer: a code of the contracts' registry (or a client-side code),
 * the reason a user reads, the HTTP status when there was one, and how long to wait before asking
 * again when the server said so (Retry-After).
 */
export class AgentError extends Error {
  readonly code: AgentErrorCode;
  readonly detail: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  constructor({ code, detail, status, retryAfterMs }: { code: AgentErrorCode; detail?: string; status?: number; retryAfterMs?: number }) {
    const text = detail?.trim() || (isRegistered(code) ? ERRORS[code].detail : CLIENT_ERRORS[code as ClientErrorCode]);
    super(text);
    this.name = 'AgentError';
    this.code = code;
    this.detail = text;
    this.status = status ?? (isRegistered(code) ? ERRORS[code].status : undefined);
    this.retryAfterMs = retryAfterMs;
  }
}

/** The registry code for a status the server sent without a known code. */
function codeOfStatus(status: number | undefined): ErrorCode {
  if (status === undefined) return 'INTERNAL';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 402) return 'QUOTA_EXCEEDED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/** Retry-After in seconds (or an HTTP date) as milliseconds from now. */
export function retryAfterMs(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** An error response `{ code, detail }` (any other body falls back to the status's registry entry). */
export function errorOfResponse(status: number | undefined, body: unknown, retryAfter?: string | null): AgentError {
  const b = (body && typeof body === 'object' ? body : {}) as { code?: unknown; detail?: unknown };
  const code = isRegistered(b.code) ? b.code : codeOfStatus(status);
  const detail = typeof b.detail === 'string' ? b.detail : undefined;
  return new AgentError({ code, detail, status, retryAfterMs: retryAfterMs(retryAfter) });
}

/** Maps anything a request can throw to the one AgentError. */
export function toAgentError(err: unknown): AgentError {
  if (err instanceof AgentError) return err;
  if (err instanceof HttpError) return errorOfResponse(err.status, err.body);
  if (err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError'))
    return err.name === 'TimeoutError'
      ? new AgentError({ code: 'SERVICE_UNAVAILABLE', detail: 'The answer took too long.' })
      : new AgentError({ code: 'ABORTED' });
  if (err instanceof SyntaxError) return new AgentError({ code: 'INVALID_RESPONSE' });
  // fetch rejects with a TypeError when the network fails.
  if (err instanceof TypeError) return new AgentError({ code: 'NETWORK' });
  return new AgentError({ code: 'INTERNAL' });
}

/** The user's plan has no tokens left: the reason comes with a link to the plans. */
export const isQuotaError = (e: AgentError | undefined) => e?.code === 'QUOTA_EXCEEDED';

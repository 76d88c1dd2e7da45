import { ERRORS, type ErrorCode } from '@sangam/contracts';
import { type ClientErrorCode, errorMessage, isRegisteredCode as isRegistered } from '@/lib/i18n/error-messages';

export type { ClientErrorCode } from '@/lib/i18n/error-messages';

export type AppErrorCode = ErrorCode | ClientErrorCode;
/** An error body as the server sent it (`{ code, detail }`; older paths say `message` or `error`). */
export type ErrorBody = { code?: string; detail?: string; message?: string; error?: string };

/**
 * The one error of the web app, for every request and every answer: a code of the contracts'
 * registry (or a client-side code), the reason a user reads (in the user's language, see
 * lib/i18n/error-messages; a code the registry does not know keeps the server's detail), the HTTP status
 * when there was one, how long to wait before asking again when the server said so (Retry-After), and
 * the body as sent.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly detail: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly body: ErrorBody;
  /** The server refused the request with an HTTP error status before any answer began. */
  readonly isRefusal: boolean;
  constructor({
    code,
    detail,
    status,
    retryAfterMs,
    body = {},
    isRefusal = false,
  }: { code: AppErrorCode; detail?: string; status?: number; retryAfterMs?: number; body?: ErrorBody; isRefusal?: boolean }) {
    const sentUnknownCode = body.code !== undefined && !isRegistered(body.code);
    const text = sentUnknownCode && detail?.trim() ? detail.trim() : errorMessage(code, detail);
    super(text);
    this.name = 'AppError';
    this.code = code;
    this.detail = text;
    this.status = status ?? (isRegistered(code) ? ERRORS[code].status : undefined);
    this.retryAfterMs = retryAfterMs;
    this.body = body;
    this.isRefusal = isRefusal;
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
export function errorOfResponse(status: number | undefined, body: unknown, retryAfter?: string | null): AppError {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof b[key] === 'string' ? (b[key] as string) : undefined);
  const sent: ErrorBody = { code: text('code'), detail: text('detail'), message: text('message'), error: text('error') };
  const code = isRegistered(sent.code) ? sent.code : codeOfStatus(status);
  const isRefusal = status !== undefined;
  return new AppError({ code, detail: sent.detail, status, retryAfterMs: retryAfterMs(retryAfter), body: sent, isRefusal });
}

/** Maps anything a request can throw to the one AppError. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError'))
    return err.name === 'TimeoutError'
      ? new AppError({ code: 'SERVICE_UNAVAILABLE', detail: 'The answer took too long.' })
      : new AppError({ code: 'ABORTED' });
  if (err instanceof SyntaxError) return new AppError({ code: 'INVALID_RESPONSE' });
  // fetch rejects with a TypeError when the network fails.
  if (err instanceof TypeError) return new AppError({ code: 'NETWORK' });
  return new AppError({ code: 'INTERNAL' });
}

/** The user's plan has no tokens left: the reason comes with a link to the plans. */
export const isQuotaError = (e: AppError | undefined) => e?.code === 'QUOTA_EXCEEDED';

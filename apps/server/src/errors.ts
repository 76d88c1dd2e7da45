import { ERRORS, type ErrorCode } from '@sangam/contracts';

/** An expected failure with a registered code; the error handler turns it into `{ code, detail }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly headers: Record<string, string>;
  readonly fields?: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { detail?: string; cause?: unknown; headers?: Record<string, string>; fields?: Record<string, string> } = {},
  ) {
    const entry = ERRORS[code];
    super(options.detail ?? entry.detail, { cause: options.cause });
    this.code = code;
    this.status = entry.status;
    this.detail = options.detail ?? entry.detail;
    this.headers = options.headers ?? {};
    this.fields = options.fields;
  }
}

export function assertFound<T>(value: T | null | undefined, code: ErrorCode = 'NOT_FOUND'): T {
  if (value === null || value === undefined) throw new AppError(code);
  return value;
}

/** A SQLSTATE: two digits of class, three of condition. */
export const SQLSTATE = /^\d\d[0-9A-Z]{3}$/;

/**
 * The SQLSTATE of a database error (PostgreSQL and PGlite), looked for along the `cause` chain since
 * Drizzle wraps the driver's error: `23503` foreign key, `23505` unique, `22xxx` bad data.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The answer to a database error that the request's data caused, or undefined for a real fault: bad data
 * (class 22: NUL, out-of-range dates or numbers, overlong values) is a 400, a missing referenced row
 * (23503) a 404, a duplicate (23505) a 409. A safety net behind the schemas, which should refuse first.
 */
export function appErrorForDatabase(error: unknown): AppError | undefined {
  const code = databaseErrorCode(error);
  if (!code) return undefined;
  if (code.startsWith('22')) return new AppError('BAD_REQUEST');
  if (code === '23503') return new AppError('NOT_FOUND');
  if (code === '23505') return new AppError('CONFLICT');
  return undefined;
}

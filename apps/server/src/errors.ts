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

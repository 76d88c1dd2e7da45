import { OPENAI_ERRORS, type OpenAiErrorCode } from '@sangam/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '@/errors';

/** A failure under /v1, sent in OpenAI's envelope `{ error: { message, type, code, param } }`. */
export class OpenAiError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(
    readonly code: OpenAiErrorCode,
    options: { message?: string; param?: string | null; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(options.message ?? OPENAI_ERRORS[code].message, { cause: options.cause });
    this.status = OPENAI_ERRORS[code].status;
    this.type = OPENAI_ERRORS[code].type;
    this.param = options.param ?? null;
    this.headers = options.headers ?? {};
  }
  readonly param: string | null;
  readonly headers: Record<string, string>;

  get body() {
    return { error: { message: this.message, type: this.type, code: this.code, param: this.param } };
  }
}

/** The engine's own errors, as /v1 codes. */
const FROM_APP: Partial<Record<AppError['code'], OpenAiErrorCode>> = {
  QUOTA_EXCEEDED: 'insufficient_quota',
  TOO_MANY_ANSWERS: 'concurrency_limit_exceeded',
  MODEL_UNAVAILABLE: 'model_unavailable',
  ALL_MODELS_FAILED: 'upstream_error',
  SERVER_BUSY: 'model_unavailable',
  INTERNAL: 'server_error',
};

/** Any error as an OpenAiError: app errors keep their message; a 4xx of the platform is an invalid request. */
export function toOpenAiError(error: unknown): OpenAiError {
  if (error instanceof OpenAiError) return error;
  if (error instanceof AppError) {
    const code = FROM_APP[error.code] ?? (error.status < 500 ? 'invalid_request' : 'server_error');
    return new OpenAiError(code, { message: error.detail, headers: error.headers, cause: error });
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const param = issue?.path.length ? issue.path.join('.') : null;
    return new OpenAiError('invalid_request', { message: `${param ? `${param}: ` : ''}${issue?.message ?? 'invalid'}`, param });
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new OpenAiError('invalid_request', {
      message: status === 413 ? 'The request is too large.' : 'The request body could not be read as JSON.',
    });
  return new OpenAiError('server_error', { cause: error });
}

/** Every error of this scope answers in OpenAI's envelope; a 5xx logs its cause, never a key or a prompt. */
export function useOpenAiErrors(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const e = toOpenAiError(error);
    if (e.status >= 500) request.log.error({ err: e.cause ?? e, code: e.code }, 'v1 request failed');
    return reply.status(e.status).headers(e.headers).send(e.body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(new OpenAiError('invalid_request', { message: `Unknown route ${request.method} ${request.url.split('?')[0]}` }).body),
  );
}

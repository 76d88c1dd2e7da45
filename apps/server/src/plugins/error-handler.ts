import { ERRORS } from '@sangam/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError, appErrorForDatabase, databaseErrorCode } from '@/errors';

/** The one error handler: `{ code, detail }` for every failure, never a 5xx's internals. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      // Shedding load (SERVER_BUSY) is expected under a flood: not one error line per request.
      if (error.status >= 500 && error.code !== 'SERVER_BUSY') request.log.error({ err: error.cause ?? error }, error.code);
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ code: error.code, detail: error.detail, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (error instanceof ZodError) {
      const first = error.issues[0];
      const fields: Record<string, string> = {};
      for (const issue of error.issues) {
        const key = issue.path.join('.') || 'body';
        fields[key] ??= issue.message;
      }
      return reply.status(400).send({ code: 'VALIDATION_FAILED', detail: first?.message ?? ERRORS.VALIDATION_FAILED.detail, fields });
    }
    const fromDatabase = appErrorForDatabase(error);
    if (fromDatabase) {
      // The SQLSTATE only: a driver's message carries the query and its parameters (e-mails, hashes).
      request.log.warn({ sqlState: databaseErrorCode(error), code: fromDatabase.code }, 'database refused the request data');
      return reply.status(fromDatabase.status).send({ code: fromDatabase.code, detail: fromDatabase.detail });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'INTERNAL', detail: ERRORS.INTERNAL.detail });
    }
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 404
              ? 'NOT_FOUND'
              : 'BAD_REQUEST';
    return reply.status(status).send({ code, detail: error.message || ERRORS[code].detail });
  });
});

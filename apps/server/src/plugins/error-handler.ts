import { ERRORS } from '@sangam/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, appErrorForDatabase, databaseErrorCode } from '@/errors';

/** 400 VALIDATION_FAILED: the first issue's message as the detail, and the first message of each field (`body` for the whole). */
function invalid(reply: FastifyReply, issues: Array<{ path: string[]; message?: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || 'body'] ??= issue.message ?? '';
  return reply.status(400).send({ code: 'VALIDATION_FAILED', detail: issues[0]?.message ?? ERRORS.VALIDATION_FAILED.detail, fields });
}

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
    // A request refused by its route's schema (or a schema parsed by hand): the first message, and one per field.
    if (error instanceof ZodError)
      return invalid(
        reply,
        error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
      );
    if (hasZodFastifySchemaValidationErrors(error))
      return invalid(
        reply,
        error.validation.map((v) => ({ path: v.instancePath.split('/').slice(1), message: v.message })),
      );
    if (error instanceof ResponseSerializationError) {
      // A response that breaks its contract is the server's fault: logged with the schema's issues.
      request.log.error(
        { issues: error.cause.issues.map((i) => ({ path: i.path.join('.'), code: i.code })) },
        'response broke its contract',
      );
      return reply.status(500).send({ code: 'INTERNAL', detail: ERRORS.INTERNAL.detail });
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

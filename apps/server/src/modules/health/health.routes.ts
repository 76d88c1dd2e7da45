import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client';
import type { ModelRegistry } from '@/modules/models/model-registry';

/**
 * `/healthz`: the process is up. `/readyz`: the database answers (it also reports the models, which
 * never make it fail: the server serves while the local model downloads).
 */
export async function healthRoutes(app: FastifyInstance, { database, registry }: { database: Database; registry: ModelRegistry }) {
  app.get('/healthz', { schema: ROUTES['GET /healthz'] }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: ROUTES['GET /readyz'] }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind, models: registry.status() };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.status(503).send({ code: 'SERVICE_UNAVAILABLE', detail: 'Database is not reachable.' });
    }
  });
}

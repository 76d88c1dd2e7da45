import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client';

/** `/healthz`: the process is up. `/readyz`: the database answers. */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/healthz', { schema: ROUTES['GET /healthz'] }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: ROUTES['GET /readyz'] }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.status(503).send({ code: 'SERVICE_UNAVAILABLE', detail: 'Database is not reachable.' });
    }
  });
}

import { type ModelStatus, ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModelRegistry } from '@/modules/models/model-registry';

/** `GET /model-status` (public, no secrets): what the web's first run shows before anyone types. */
export async function modelStatusRoutes(app: FastifyInstance, { registry }: { registry: ModelRegistry }) {
  app.get('/model-status', { schema: ROUTES['GET /api/v1/model-status'] }, async (_request, reply): Promise<ModelStatus> => {
    reply.header('cache-control', 'no-store');
    return registry.status();
  });
}

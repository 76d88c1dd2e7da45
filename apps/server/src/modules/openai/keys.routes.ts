import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import type { KeyStore } from '@/modules/openai/key-store';
import { currentUser } from '@/plugins/auth-guard';

/** The signed-in user's developer keys: create (the secret is in this response only), list, revoke. */
export async function keysRoutes(fastify: FastifyInstance, { ctx, keys }: { ctx: AppContext; keys: KeyStore }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  app.post('/keys', { schema: ROUTES['POST /api/v1/keys'] }, async (request, reply) => {
    const created = await keys.create({ userId: currentUser(request).id, input: request.body });
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });
  app.get('/keys', { schema: ROUTES['GET /api/v1/keys'] }, async (request) => ({
    keys: await keys.list({ userId: currentUser(request).id }),
  }));
  app.delete('/keys/:id', { schema: ROUTES['DELETE /api/v1/keys/:id'] }, async (request, reply) => {
    const { id } = request.params;
    await keys.revoke({ userId: currentUser(request).id, id });
    return reply.status(204).send();
  });
}

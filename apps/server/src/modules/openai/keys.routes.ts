import { createApiKeySchema } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/app';
import type { KeyStore } from '@/modules/openai/key-store';
import { currentUser } from '@/plugins/auth-guard';

const idParams = z.object({ id: z.uuid('Key not found.') });

/** The signed-in user's developer keys: create (the secret is in this response only), list, revoke. */
export async function keysRoutes(app: FastifyInstance, { ctx, keys }: { ctx: AppContext; keys: KeyStore }) {
  app.addHook('onRequest', ctx.requireUser);
  app.post('/keys', async (request, reply) => {
    const created = await keys.create({ userId: currentUser(request).id, input: createApiKeySchema.parse(request.body ?? {}) });
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });
  app.get('/keys', async (request) => ({ keys: await keys.list({ userId: currentUser(request).id }) }));
  app.delete('/keys/:id', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await keys.revoke({ userId: currentUser(request).id, id });
    return reply.status(204).send();
  });
}

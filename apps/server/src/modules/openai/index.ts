import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/app-context';
import type { PanelFor } from '@/modules/agent/answer-pipeline';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { createKeyStore } from '@/modules/openai/key-store';
import { keysRoutes } from '@/modules/openai/keys.routes';
import { openAiRoutes } from '@/modules/openai/openai.routes';

/** The OpenAI-compatible API at /v1 and the developer keys at /api/v1/keys (issue 25). */
export async function registerOpenAi(
  app: FastifyInstance,
  { ctx, registry, panelFor }: { ctx: AppContext; registry: ModelRegistry; panelFor?: PanelFor },
) {
  const keys = createKeyStore({
    db: ctx.db,
    clock: ctx.clock,
    revocations: ctx.revocations,
    useRedis: Boolean(ctx.redisLink),
    log: ctx.log,
  });
  await app.register(keysRoutes, { prefix: '/api/v1', ctx, keys });
  await app.register(openAiRoutes, { prefix: '/v1', ctx, keys, engine: { registry, meter: ctx.usage, panelFor } });
}

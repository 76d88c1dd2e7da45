import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import type { Arena } from '@/modules/arena/arena';
import { saveFeedback } from '@/modules/arena/arena.queries';
import { castVote, createBattle } from '@/modules/arena/arena.service';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { currentUser } from '@/plugins/auth-guard';

/** The arena under /api/v1: blind battles and votes (signed in), likes, and the public leaderboard. */
export async function arenaRoutes(
  fastify: FastifyInstance,
  { ctx, registry, arena }: { ctx: AppContext; registry: ModelRegistry; arena: Arena },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { battleIds, leaderboard } = arena;
  // Public: the leaderboard, of every vote or of one language's.
  app.get('/leaderboard', { schema: ROUTES['GET /api/v1/leaderboard'] }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return leaderboard.get(request.query.language);
  });

  // Battles, votes and likes are the signed-in user's: one guard for the group, before any body is read.
  await app.register(async (group) => {
    const user = group.withTypeProvider<ZodTypeProvider>();
    user.addHook('onRequest', ctx.requireUser);

    user.post('/arena/battles', { schema: ROUTES['POST /api/v1/arena/battles'] }, async (request, reply) => {
      const { prompt } = request.body;
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
      });
      const battle = await createBattle({
        ctx,
        registry,
        battleIds,
        userId: currentUser(request).id,
        prompt,
        signal: controller.signal,
        log: request.log,
      });
      return reply.status(201).send(battle);
    });

    user.post('/arena/battles/:battleId/vote', { schema: ROUTES['POST /api/v1/arena/battles/:battleId/vote'] }, async (request) => {
      const { battleId } = request.params;
      const { winner } = request.body;
      const { result, flagged } = await castVote({
        ctx,
        battleIds,
        userId: currentUser(request).id,
        token: battleId,
        winner,
        address: request.ip,
      });
      if (flagged) request.log.info({ battle: battleId.split('.')[0], reason: flagged }, 'arena vote flagged (not counted)');
      else leaderboard.invalidate();
      return result;
    });

    user.post('/arena/feedback', { schema: ROUTES['POST /api/v1/arena/feedback'] }, async (request, reply) => {
      const feedback = request.body;
      if (!registry.list().some((m) => m.id === feedback.modelId)) throw new AppError('MODEL_UNKNOWN');
      await saveFeedback(ctx.db, {
        userId: currentUser(request).id,
        modelId: feedback.modelId,
        chatId: feedback.chatId ?? '',
        value: feedback.value,
        now: new Date(ctx.clock.now()),
      });
      leaderboard.invalidate();
      return reply.status(204).send();
    });
  });
}

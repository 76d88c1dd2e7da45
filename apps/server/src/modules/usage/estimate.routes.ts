import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import type { ModelClient } from '@/lib/llm/model-client';
import { estimateAnswerCostInr, estimateAnswerTokens, proposalsOf } from '@/modules/agent/answer.service';
import { historyOf, isChatId } from '@/modules/agent/answer-pipeline';
import { chatMessages, findOwnedChat, pathTo } from '@/modules/chats/chats.queries';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { currentUser } from '@/plugins/auth-guard';

/**
 * GET /api/v1/me/estimate: what sending a prompt of `chars` characters would use, before sending:
 * the proposer calls (samples counted; only the chat's `continueWith` model in a chat of the user
 * that has one), the tokens reserved for it (the history of that chat included) and their rupees at
 * the configured prices, and what is left of this month's allowance.
 */
export async function estimateRoutes(fastify: FastifyInstance, { ctx, registry }: { ctx: AppContext; registry: ModelRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  app.get('/me/estimate', { schema: ROUTES['GET /api/v1/me/estimate'] }, async (request) => {
    const query = request.query;
    const userId = currentUser(request).id;
    const chat = query.chatId && isChatId(query.chatId) ? await findOwnedChat(ctx.db, { userId, chatId: query.chatId }) : undefined;
    let historyChars = 0;
    if (chat) {
      const rows = await chatMessages(ctx.db, chat.id);
      historyChars = historyOf(pathTo(rows, chat.activeLeafId ?? rows.at(-1)?.id)).reduce((n, h) => n + h.content.length, 0);
    }
    let models: ModelClient[] = [];
    try {
      models = registry.proposers();
    } catch (err) {
      // Nothing can answer: nothing would be used (sending says why).
      if (!(err instanceof AppError)) throw err;
    }
    if (chat?.continueWith) {
      const only = models.filter((m) => m.id === chat.continueWith);
      if (only.length) models = only;
    }
    const proposals = proposalsOf(models);
    const chars = query.chars + historyChars;
    const usage = await ctx.usage.read(userId, ctx.clock.now());
    return {
      models: proposals.length,
      tokens: proposals.length ? estimateAnswerTokens({ chars, proposers: proposals.length, hasImage: false }) : 0,
      costInr: proposals.length
        ? estimateAnswerCostInr({
            chars,
            proposals: proposals.map((p) => p.model),
            judge: registry.judge(),
            aggregator: registry.aggregator(),
            usdInrRate: registry.fusion.usdInrRate,
          })
        : null,
      remaining: usage.allowance - usage.tokens,
    };
  });
}

import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import type { ModelClient } from '@/lib/llm/model-client';
import { proposalsOf } from '@/modules/agent/answer.service';
import { estimateAnswerCostInr, estimateAnswerTokens } from '@/modules/agent/answer-estimate';
import { continuedModels, conversationFor } from '@/modules/chats/conversation';
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
    // Another user's chat (or none) counts no history and no continueWith.
    const { chat, history } = query.chatId
      ? await conversationFor(ctx.db, { userId, input: { Chat_Id: query.chatId, Prompt: '' }, lenient: true })
      : { chat: undefined, history: [] };
    const historyChars = history.reduce((n, h) => n + h.content.length, 0);
    let models: ModelClient[] = [];
    try {
      models = registry.proposers();
    } catch (err) {
      // Nothing can answer: nothing would be used (sending says why).
      if (!(err instanceof AppError)) throw err;
    }
    const proposals = proposalsOf(continuedModels(chat, models));
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

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/app';
import { getUsage } from '@/modules/usage/usage.service';
import { currentUser } from '@/plugins/auth-guard';

/** This month's token usage against the plan's allowance. */
export async function usageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/usage', { preHandler: ctx.requireUser }, async (request) => {
    await ctx.usage.flush();
    return getUsage(ctx.db, { userId: currentUser(request).id, now: ctx.clock.now(), freeTokens: ctx.config.FREE_PLAN_TOKENS });
  });

  /** GET /api/v1/me/usage: plan, used, allowance and the reset date (first day of next month, UTC). */
  app.get('/me/usage', { preHandler: ctx.requireUser }, async (request) => {
    const now = ctx.clock.now();
    await ctx.usage.flush();
    const u = await getUsage(ctx.db, { userId: currentUser(request).id, now, freeTokens: ctx.config.FREE_PLAN_TOKENS });
    const d = new Date(now);
    const resetDate = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    return { plan: u.plan, used: u.tokens, allowance: u.allowance, resetDate, month: u.month, requests: u.requests };
  });
}

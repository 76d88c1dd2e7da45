import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { monthCostInr } from '@/modules/usage/usage.service';
import { currentUser } from '@/plugins/auth-guard';

/** This month's token usage against the plan's allowance (and, issue 15, its rupees at the models' prices). */
export async function usageRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One guard for the folder, before the body is read.
  app.addHook('onRequest', ctx.requireUser);
  app.get('/usage', { schema: ROUTES['GET /api/v1/usage'] }, async (request) => ctx.usage.read(currentUser(request).id, ctx.clock.now()));

  /** GET /api/v1/me/usage: plan, used, allowance and the reset date (first day of next month, UTC). */
  app.get('/me/usage', { schema: ROUTES['GET /api/v1/me/usage'] }, async (request) => {
    const now = ctx.clock.now();
    const u = await ctx.usage.read(currentUser(request).id, now);
    const d = new Date(now);
    const resetDate = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    const costInr = await monthCostInr(ctx.db, { userId: currentUser(request).id, now });
    return {
      plan: u.plan,
      used: u.tokens,
      allowance: u.allowance,
      resetDate,
      month: u.month,
      requests: u.requests,
      costInr,
    };
  });
}

import { choosePlanSchema } from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/app';
import { AppError } from '@/errors';
import type { Billing } from '@/modules/billing/billing.service';
import { billingWebhookRoutes } from '@/modules/billing/billing.webhook';
import { currentUser } from '@/plugins/auth-guard';

/** Purchases, changes and cancellations of one user: at most 20 an hour (each may call Razorpay). */
const BILLING_ACTIONS = { limit: 20, windowMs: 60 * 60_000 };

/** Subscriptions through Razorpay under /api/v1/billing; the webhook has its own raw-body plugin. */
export async function billingRoutes(app: FastifyInstance, { ctx, billing }: { ctx: AppContext; billing: Billing }) {
  await app.register(billingWebhookRoutes, { billing, db: ctx.db });

  const limitActions = async (request: FastifyRequest) => {
    const hit = await ctx.limiter.hit(`billing:${currentUser(request).id}`, BILLING_ACTIONS);
    if (!hit.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(hit.retryAfterSeconds) } });
  };
  const guarded = { preHandler: [ctx.requireUser, limitActions] };

  app.get('/billing/config', async () => ({ isEnabled: billing.isEnabled }));

  app.get('/billing', { preHandler: ctx.requireUser }, async (request) => billing.summary({ userId: currentUser(request).id }));

  app.post('/billing/subscriptions', guarded, async (request, reply) => {
    const input = choosePlanSchema.parse(request.body ?? {});
    return reply.status(201).send(await billing.start({ userId: currentUser(request).id, ...input }));
  });

  app.post('/billing/change', guarded, async (request, reply) => {
    const input = choosePlanSchema.parse(request.body ?? {});
    return reply.status(201).send(await billing.change({ userId: currentUser(request).id, ...input }));
  });

  app.post('/billing/cancel', guarded, async (request) => {
    const userId = currentUser(request).id;
    await billing.cancel({ userId });
    return billing.summary({ userId });
  });

  app.get('/billing/receipts/:paymentId', { preHandler: ctx.requireUser }, async (request) => {
    const { paymentId } = z.object({ paymentId: z.string().min(1).max(100) }).parse(request.params);
    return billing.receipt({ userId: currentUser(request).id, paymentId });
  });
}

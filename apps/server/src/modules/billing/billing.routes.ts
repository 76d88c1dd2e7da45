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

  // Public: whether payments are on (the webhook above is public too, verified by its signature).
  app.get('/billing/config', async () => ({ isEnabled: billing.isEnabled }));

  // Everything else is the signed-in user's: one guard for the group, before any body is read.
  await app.register(async (user) => {
    user.addHook('onRequest', ctx.requireUser);
    const limitActions = async (request: FastifyRequest) => {
      const hit = await ctx.limiter.hit(`billing:${currentUser(request).id}`, BILLING_ACTIONS);
      if (!hit.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(hit.retryAfterSeconds) } });
    };
    const limited = { onRequest: limitActions };

    user.get('/billing', async (request) => billing.summary({ userId: currentUser(request).id }));

    user.post('/billing/subscriptions', limited, async (request, reply) => {
      const input = choosePlanSchema.parse(request.body ?? {});
      return reply.status(201).send(await billing.start({ userId: currentUser(request).id, ...input }));
    });

    user.post('/billing/change', limited, async (request, reply) => {
      const input = choosePlanSchema.parse(request.body ?? {});
      return reply.status(201).send(await billing.change({ userId: currentUser(request).id, ...input }));
    });

    user.post('/billing/cancel', limited, async (request) => {
      const userId = currentUser(request).id;
      await billing.cancel({ userId });
      return billing.summary({ userId });
    });

    user.get('/billing/receipts/:paymentId', async (request) => {
      const { paymentId } = z.object({ paymentId: z.string().min(1).max(100) }).parse(request.params);
      return billing.receipt({ userId: currentUser(request).id, paymentId });
    });
  });
}

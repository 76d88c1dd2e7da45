import { choosePlanSchema } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/app';
import type { Billing } from '@/modules/billing/billing.service';
import { billingWebhookRoutes } from '@/modules/billing/billing.webhook';
import { currentUser } from '@/plugins/auth-guard';

/** Subscriptions through Razorpay under /api/v1/billing; the webhook has its own raw-body plugin. */
export async function billingRoutes(app: FastifyInstance, { ctx, billing }: { ctx: AppContext; billing: Billing }) {
  await app.register(billingWebhookRoutes, { billing, db: ctx.db });

  app.get('/billing/config', async () => ({ isEnabled: billing.isEnabled }));

  app.get('/billing', { preHandler: ctx.requireUser }, async (request) => billing.summary({ userId: currentUser(request).id }));

  app.post('/billing/subscriptions', { preHandler: ctx.requireUser }, async (request, reply) => {
    const input = choosePlanSchema.parse(request.body ?? {});
    return reply.status(201).send(await billing.start({ userId: currentUser(request).id, ...input }));
  });

  app.post('/billing/change', { preHandler: ctx.requireUser }, async (request, reply) => {
    const input = choosePlanSchema.parse(request.body ?? {});
    return reply.status(201).send(await billing.change({ userId: currentUser(request).id, ...input }));
  });

  app.post('/billing/cancel', { preHandler: ctx.requireUser }, async (request) => {
    const userId = currentUser(request).id;
    await billing.cancel({ userId });
    return billing.summary({ userId });
  });

  app.get('/billing/receipts/:paymentId', { preHandler: ctx.requireUser }, async (request) => {
    const { paymentId } = z.object({ paymentId: z.string().min(1).max(100) }).parse(request.params);
    return billing.receipt({ userId: currentUser(request).id, paymentId });
  });
}

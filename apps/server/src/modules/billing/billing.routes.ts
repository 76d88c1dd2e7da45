import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import type { Billing } from '@/modules/billing/billing.service';
import { billingWebhookRoutes } from '@/modules/billing/billing.webhook';
import { currentUser } from '@/plugins/auth-guard';

/** Purchases, changes and cancellations of one user: at most 20 an hour (each may call Razorpay). */
const BILLING_ACTIONS = { limit: 20, windowMs: 60 * 60_000 };

/** Subscriptions through Razorpay under /api/v1/billing; the webhook has its own raw-body plugin. */
export async function billingRoutes(fastify: FastifyInstance, { ctx, billing }: { ctx: AppContext; billing: Billing }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(billingWebhookRoutes, { billing, db: ctx.db });

  // Public: whether payments are on (the webhook above is public too, verified by its signature).
  app.get('/billing/config', { schema: ROUTES['GET /api/v1/billing/config'] }, async () => ({ isEnabled: billing.isEnabled }));

  // Everything else is the signed-in user's: one guard for the group, before any body is read.
  await app.register(async (group) => {
    const user = group.withTypeProvider<ZodTypeProvider>();
    user.addHook('onRequest', ctx.requireUser);
    const limitActions = async (request: FastifyRequest) => {
      const hit = await ctx.limiter.hit(`billing:${currentUser(request).id}`, BILLING_ACTIONS);
      if (!hit.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(hit.retryAfterSeconds) } });
    };
    user.get('/billing', { schema: ROUTES['GET /api/v1/billing'] }, async (request) =>
      billing.summary({ userId: currentUser(request).id }),
    );

    user.post(
      '/billing/subscriptions',
      { schema: ROUTES['POST /api/v1/billing/subscriptions'], onRequest: limitActions },
      async (request, reply) => {
        return reply.status(201).send(await billing.start({ userId: currentUser(request).id, ...request.body }));
      },
    );

    user.post('/billing/change', { schema: ROUTES['POST /api/v1/billing/change'], onRequest: limitActions }, async (request, reply) => {
      return reply.status(201).send(await billing.change({ userId: currentUser(request).id, ...request.body }));
    });

    user.post('/billing/cancel', { schema: ROUTES['POST /api/v1/billing/cancel'], onRequest: limitActions }, async (request) => {
      const userId = currentUser(request).id;
      await billing.cancel({ userId });
      return billing.summary({ userId });
    });

    user.get('/billing/receipts/:paymentId', { schema: ROUTES['GET /api/v1/billing/receipts/:paymentId'] }, async (request) =>
      billing.receipt({ userId: currentUser(request).id, paymentId: request.params.paymentId }),
    );
  });
}

import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/client';
import { AppError } from '@/errors';
import { applyWebhookEvent, webhookBodySchema } from '@/modules/billing/billing.events';
import type { Billing } from '@/modules/billing/billing.service';
import { isValidWebhookSignature } from '@/modules/billing/billing.signature';

/**
 * POST /billing/webhook: Razorpay's events. The body is kept raw (this plugin's own parser) and
 * its signature checked before it is parsed; each event id is stored once, so a replay changes
 * nothing. Answers 200 to every verified event, handled or not, so Razorpay stops retrying.
 */
export async function billingWebhookRoutes(app: FastifyInstance, { billing, db }: { billing: Billing; db: Db }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/billing/webhook', { schema: ROUTES['POST /api/v1/billing/webhook'] }, async (request, reply) => {
    const secret = billing.webhookSecret;
    if (!billing.isEnabled || !secret) throw new AppError('PAYMENTS_DISABLED');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!isValidWebhookSignature({ rawBody, signature: request.headers['x-razorpay-signature'], secret })) {
      request.log.warn({ securityEvent: 'webhook_signature_invalid' }, 'security event');
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
    const eventId = request.headers['x-razorpay-event-id'];
    if (typeof eventId !== 'string' || !/^[\w-]{1,100}$/.test(eventId))
      throw new AppError('BAD_REQUEST', { detail: 'The x-razorpay-event-id header is missing.' });
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', { detail: 'The webhook body is not JSON.' });
    }
    const body = webhookBodySchema.parse(json);
    const result = await applyWebhookEvent(db, { eventId, body });
    request.log.info({ webhookEvent: body.event, eventId, outcome: result.outcome }, 'razorpay webhook');
    if (result.replacesId && result.userId) {
      // The replacement is authorised: the old subscription ends with its period. Retried by the next event if Razorpay is away.
      await billing.endReplaced({ userId: result.userId, replacesId: result.replacesId }).catch((err: unknown) => {
        request.log.error({ err: err instanceof AppError ? err.code : 'unknown' }, 'ending the replaced subscription failed');
      });
    }
    return reply.status(200).send({ status: 'ok', outcome: result.outcome });
  });
}

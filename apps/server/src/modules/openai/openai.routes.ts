import { randomUUID } from 'node:crypto';
import { ROUTES, SANGAM_MODELS } from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '@/app-context';
import { readCompletionRequest } from '@/modules/openai/completion-request';
import { completionBody } from '@/modules/openai/completion-response';
import { openCompletionStream } from '@/modules/openai/completion-stream';
import { createKeyGuard } from '@/modules/openai/key-auth';
import { createKeySlots } from '@/modules/openai/key-slots';
import type { ActiveKey, KeyStore } from '@/modules/openai/key-store';
import { OpenAiError, toOpenAiError, useOpenAiErrors } from '@/modules/openai/openai-error';
import { type EngineDeps, type EngineResult, startCompletion, worstCaseInr } from '@/modules/openai/sangam-engine';

/** A body may carry one 5 MB image as base64 (a third larger) and the conversation. */
const BODY_LIMIT = 8 * 1024 * 1024;

const theKey = (request: FastifyRequest): ActiveKey => {
  if (!request.apiKey) throw new OpenAiError('invalid_api_key');
  return request.apiKey;
};

/** Sangam as a model under /v1 (issue 25): chat completions, the model list and the key's own limits and usage. */
export async function openAiRoutes(app: FastifyInstance, { ctx, keys, engine }: { ctx: AppContext; keys: KeyStore; engine: EngineDeps }) {
  useOpenAiErrors(app);
  // The keys' spend waiting in the write-behind batch is written before the database closes (this scope closes first).
  app.addHook('onClose', async () => keys.flush());
  const slots = createKeySlots({ redis: ctx.redisLink });
  app.addHook('onClose', async () => slots.close());
  app.addHook('onRequest', createKeyGuard({ keys, limiter: ctx.limiter, slots, maxConcurrent: ctx.config.V1_KEY_MAX_CONCURRENT }));
  /** Micro-rupees held by this instance's requests in progress, per key (their worst case). */
  const held = new Map<string, number>();

  app.get('/models', { schema: ROUTES['GET /v1/models'] }, async (request) => {
    const key = theKey(request);
    const ids = [...SANGAM_MODELS, ...engine.registry.list().map((m) => m.id)];
    const owner = new Map(engine.registry.list().map((m) => [m.id, m.provider]));
    return {
      object: 'list',
      data: ids
        .filter((id) => !key.allowedModels || key.allowedModels.includes(id))
        .map((id) => ({ id, object: 'model', created: 0, owned_by: owner.get(id) ?? 'sangam' })),
    };
  });

  /** This key's limit and usage in rupees, in OpenRouter's GET /api/v1/key shape. */
  app.get('/key', { schema: ROUTES['GET /v1/key'] }, async (request) => {
    const key = theKey(request);
    const spend = await keys.spend({ key });
    const limit = key.budgetMicroInr == null ? null : key.budgetMicroInr / 1e6;
    return {
      data: {
        label: key.prefix,
        name: key.name,
        currency: 'INR',
        limit,
        limit_remaining: limit == null ? null : Math.max(0, Math.round((limit - spend.month) * 1e6) / 1e6),
        limit_reset: 'monthly',
        usage: spend.all,
        usage_daily: spend.day,
        usage_weekly: spend.week,
        usage_monthly: spend.month,
        is_free_tier: false,
        rate_limit: { requests: key.requestsPerMinute, interval: '1m' },
        expires_at: key.expiresAt?.toISOString() ?? null,
      },
    };
  });

  app.post('/chat/completions', { bodyLimit: BODY_LIMIT, schema: ROUTES['POST /v1/chat/completions'] }, async (request, reply) => {
    const key = theKey(request);
    const plan = readCompletionRequest(request.body, { key, models: (id) => engine.registry.byId(id) });
    // The key's monthly budget holds what it spent, what its requests in progress may spend, and this one's worst case.
    const worst = Math.round(worstCaseInr(engine, plan) * 1e6);
    if (key.budgetMicroInr != null && key.spentMicroInr + (held.get(key.id) ?? 0) + worst > key.budgetMicroInr)
      throw new OpenAiError('insufficient_quota', { message: 'This key’s monthly rupee budget is used up (or too low for this request).' });
    held.set(key.id, (held.get(key.id) ?? 0) + worst);
    const controller = new AbortController();
    reply.raw.once('close', () => {
      const left = (held.get(key.id) ?? worst) - worst;
      if (left > 0) held.set(key.id, left);
      else held.delete(key.id);
      if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
    });
    const id = `chatcmpl-${randomUUID().replaceAll('-', '')}`;
    const created = Math.floor(ctx.clock.now() / 1000);
    const started = await startCompletion(engine, { userId: key.userId, requestId: id, plan, log: request.log });
    const record = (result: EngineResult) => keys.record({ key, tokens: result.tokens, costInr: result.costInr });

    if (!plan.stream) {
      const result = await started.run(controller.signal);
      record(result);
      return reply.header('cache-control', 'no-store').send(completionBody({ id, created, result, plan }));
    }
    const stream = openCompletionStream(reply, { id, created, plan, choices: started.choices });
    try {
      const result = await started.run(controller.signal, stream.progress);
      record(result);
      stream.finish(result);
    } catch (err) {
      const e = toOpenAiError(err);
      if (e.status >= 500 && !controller.signal.aborted) request.log.error({ err: e.cause ?? e, code: e.code }, 'v1 stream failed');
      stream.fail(e);
    }
    return reply;
  });
}

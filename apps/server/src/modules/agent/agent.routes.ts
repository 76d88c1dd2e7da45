import { type AgentStreamEvent, ROUTES } from '@sangam/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import { AGENT_BODY_LIMIT, parseAgentForm, readAgentRequest } from '@/modules/agent/agent-request';
import { adaptAnswer, wantsStream } from '@/modules/agent/answer-adapter';
import { estimateRefineTokens } from '@/modules/agent/answer-estimate';
import { answerLanguageOf, answerSettingOf } from '@/modules/agent/answer-language';
import { type PanelFor, REQUEST_CAP_MS, startAnswer } from '@/modules/agent/answer-pipeline';
import { refinePrompt } from '@/modules/agent/refine.service';
import { openEventStream } from '@/modules/agent/sse';
import { conversationFor, isChatId } from '@/modules/chats/conversation';
import type { ModelRegistry } from '@/modules/models/model-registry';
import type { ModelTokens } from '@/modules/usage/usage.service';
import { currentUser, withSessionCheck } from '@/plugins/auth-guard';

/** A signal that fires when the client goes away before the refiner has answered, or after 300 s. */
function abortOnDisconnect(reply: FastifyReply) {
  const controller = new AbortController();
  const cap = setTimeout(() => controller.abort(new Error('request time cap')), REQUEST_CAP_MS);
  cap.unref();
  reply.raw.on('close', () => {
    clearTimeout(cap);
    if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
  });
  return controller;
}

/** The prompt and answer service of docs/spec-rules.md §7 under /ai/v1. */
export async function agentRoutes(
  app: FastifyInstance,
  { ctx, registry, panelFor }: { ctx: AppContext; registry: ModelRegistry; panelFor?: PanelFor },
) {
  const meter = ctx.usage;
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: AGENT_BODY_LIMIT },
    (request: FastifyRequest, body: Buffer) => parseAgentForm(request.headers, body),
  );
  // Only a photo can make a form this large (its text fields are bounded): say so. Anything else
  // goes on to the app's error handler.
  app.setErrorHandler((error) => {
    throw (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('IMAGE_TOO_LARGE') : error;
  });

  const checkApiKey = async (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !ctx.config.API_KEYS.includes(key)) throw new AppError('API_KEY_INVALID');
  };
  // Checked before the body is read: a caller without the key or a session uploads nothing.
  const guards = { onRequest: [checkApiKey, ctx.requireUser] };
  // The answer routes reserve before they read or write anything of the user's: their reservation
  // checks the session's revocation too, where that check is a statement of its own.
  const answering = { ...guards, config: { revocationCheckedByReservation: true } };

  app.get('/models', { schema: ROUTES['GET /ai/v1/models'] }, async () => ({ models: registry.list() }));

  /**
   * Runs `work` as JSON or as Server-Sent Events under a reservation of `tokens`, made before anything
   * costly runs (402 QUOTA_EXCEEDED or 429 TOO_MANY_ANSWERS otherwise): settled with the real usage,
   * given back on failure.
   */
  async function respond(
    request: FastifyRequest,
    reply: FastifyReply,
    { requestId, tokens, familyId }: { requestId: string; tokens: number; familyId?: string },
    /** `emit` is given only when the client asked for Server-Sent Events. */
    work: (emit: ((e: AgentStreamEvent) => void) | undefined, signal: AbortSignal) => Promise<{ response: object; byModel: ModelTokens[] }>,
  ) {
    registry.assertAvailable();
    const reservation = { userId: currentUser(request).id, requestId, tokens, log: request.log, familyId };
    return meter.withReservation(reservation, async (charge) => {
      const controller = abortOnDisconnect(reply);
      if (!wantsStream(request)) {
        const { response, byModel } = await work(undefined, controller.signal);
        charge(byModel);
        return reply.send(response);
      }
      const stream = openEventStream(reply);
      try {
        const { response, byModel } = await work(stream.send, controller.signal);
        charge(byModel);
        stream.send({ event: 'final', data: response as never });
      } catch (err) {
        const e = err instanceof AppError ? err : new AppError('INTERNAL', { cause: err });
        if (!(err instanceof AppError)) request.log.error({ err }, 'answer stream failed');
        stream.send({ event: 'error', data: { code: e.code, detail: e.detail } });
      } finally {
        stream.end();
      }
      return reply;
    });
  }

  app.post('/agent/PromptRefiner', { ...answering, schema: ROUTES['POST /ai/v1/agent/PromptRefiner'] }, async (request, reply) =>
    withSessionCheck(request, async (pending) => {
      const input = readAgentRequest(request);
      const tokens = estimateRefineTokens({ chars: input.Prompt.length });
      return respond(request, reply, { requestId: input.Request_Id, tokens, familyId: pending?.familyId }, async (emit, signal) => {
        // The chat's recent turns on its active path (none for another user's chat).
        const { history } = await conversationFor(ctx.db, {
          userId: currentUser(request).id,
          input: { Chat_Id: input.Chat_Id, Prompt: input.Prompt },
          lenient: true,
        });
        const context = history.slice(-6);
        const language = await answerLanguageOf(ctx.db, {
          userId: currentUser(request).id,
          requested: input.Answer_Language,
          question: input.Prompt,
        });
        const result = await refinePrompt({ registry, prompt: input.Prompt, context, signal, log: request.log, language });
        emit?.({ event: 'refined', data: result.response.data });
        return result;
      });
    }),
  );

  app.post('/agent/GenerateAnswer', { ...answering, schema: ROUTES['POST /ai/v1/agent/GenerateAnswer'] }, async (request, reply) =>
    withSessionCheck(request, async (pending) => {
      const input = readAgentRequest(request);
      const started = await startAnswer(
        { db: ctx.db, chats: ctx.chatWriter, registry, meter, runs: ctx.answers, panelFor },
        {
          userId: currentUser(request).id,
          input,
          log: request.log,
          streaming: wantsStream(request),
          answerIn: input.Answer_Language ?? (await answerSettingOf(ctx.db, currentUser(request).id)),
          session: pending,
        },
      );
      return adaptAnswer(request, reply, started, { abortOnDisconnect: !isChatId(input.Chat_Id) });
    }),
  );
}

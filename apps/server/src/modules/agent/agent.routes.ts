import type { AgentStreamEvent } from '@sangam/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '@/app';
import { AppError } from '@/errors';
import { GENERAL_SYSTEM } from '@/modules/agent/agent-prompts';
import { AGENT_BODY_LIMIT, parseAgentForm, readAgentRequest } from '@/modules/agent/agent-request';
import { generateAnswer } from '@/modules/agent/answer.service';
import { sanitizeImage } from '@/modules/agent/image-check';
import { refinePrompt } from '@/modules/agent/refine.service';
import { openEventStream } from '@/modules/agent/sse';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { findTool } from '@/modules/tools/tool-registry';
import type { ModelTokens } from '@/modules/usage/usage.service';
import { currentUser } from '@/plugins/auth-guard';

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/** An AbortController that fires when the client goes away before the answer is complete. */
/** Any answer request is capped at 300 s. */
export const REQUEST_CAP_MS = 300_000;

/** A signal that fires when the client goes away before the answer is complete, or after 300 s. */
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

/** The prompt and answer service of SPEC.md section 7 under /ai/v1. */
export async function agentRoutes(app: FastifyInstance, { ctx, registry }: { ctx: AppContext; registry: ModelRegistry }) {
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

  app.get('/models', async () => ({ models: registry.list() }));

  /** Runs `work` as JSON or as Server-Sent Events, counting usage either way. */
  async function respond(
    request: FastifyRequest,
    reply: FastifyReply,
    requestId: string,
    /** `emit` is given only when the client asked for Server-Sent Events. */
    work: (emit: ((e: AgentStreamEvent) => void) | undefined, signal: AbortSignal) => Promise<{ response: object; byModel: ModelTokens[] }>,
  ) {
    const userId = currentUser(request).id;
    registry.assertAvailable();
    await meter.assertWithinQuota(userId);
    const controller = abortOnDisconnect(reply);
    if (!wantsStream(request)) {
      const { response, byModel } = await work(undefined, controller.signal);
      meter.record({ userId, requestId, byModel });
      return reply.send(response);
    }
    const stream = openEventStream(reply);
    try {
      const { response, byModel } = await work(stream.send, controller.signal);
      meter.record({ userId, requestId, byModel });
      stream.send({ event: 'final', data: response as never });
    } catch (err) {
      const e = err instanceof AppError ? err : new AppError('INTERNAL', { cause: err });
      if (!(err instanceof AppError)) request.log.error({ err }, 'answer stream failed');
      stream.send({ event: 'error', data: { code: e.code, detail: e.detail } });
    } finally {
      stream.end();
    }
    return reply;
  }

  app.post('/agent/PromptRefiner', guards, async (request, reply) => {
    const input = readAgentRequest(request);
    return respond(request, reply, input.Request_Id, async (emit, signal) => {
      const result = await refinePrompt({ registry, prompt: input.Prompt, signal });
      emit?.({ event: 'refined', data: result.response.data });
      return result;
    });
  });

  app.post('/agent/GenerateAnswer', guards, async (request, reply) => {
    const input = readAgentRequest(request);
    const image = input.image ? await sanitizeImage(input.image) : undefined;
    const tool = findTool(input.Prompt);
    const prepared = tool
      ? await tool.prepare({ prompt: input.Prompt, hasImage: Boolean(image) })
      : { system: GENERAL_SYSTEM, user: input.Prompt, facts: undefined };
    return respond(request, reply, input.Request_Id, async (emit, signal) => {
      const result = await generateAnswer({
        registry,
        system: prepared.system,
        question: prepared.user,
        history: input.history,
        image,
        signal,
        emit,
      });
      if (tool?.finalize) {
        const checked = await tool.finalize({ answer: result.response.data.best_output, facts: prepared.facts });
        result.response.data.best_output = checked.answer;
        result.response.data.facts = checked.facts;
      } else if (prepared.facts !== undefined) {
        result.response.data.facts = prepared.facts;
      }
      return result;
    });
  });
}

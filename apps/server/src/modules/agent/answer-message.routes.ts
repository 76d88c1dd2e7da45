import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import { adaptAnswer } from '@/modules/agent/answer-adapter';
import { REQUEST_CAP_MS } from '@/modules/agent/answer-pipeline';
import { refuseAnswer } from '@/modules/agent/fusion/refuse';
import { requestStop, waitStored } from '@/modules/agent/remote-stop';
import { getOwnedChat } from '@/modules/chats/chats.queries';
import { getAnswer } from '@/modules/chats/message-tree';
import { storedAnswerEvents } from '@/modules/chats/stored-answer';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { currentUser } from '@/plugins/auth-guard';

/**
 * An answer of the signed-in user's chat under /api/v1/chats/:chatId/messages/:messageId: stop it,
 * fuse it again, follow its stream (one onRequest guard for the folder); another user's chat is
 * always 404 CHAT_NOT_FOUND.
 */
export async function answerMessageRoutes(fastify: FastifyInstance, { ctx, registry }: { ctx: AppContext; registry: ModelRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  const userId = (request: FastifyRequest) => currentUser(request).id;

  /** The answer's message in this user's chat (404 otherwise). */
  const ownedMessage = async (request: FastifyRequest<{ Params: { chatId: string; messageId: string } }>) => {
    const { chatId, messageId } = request.params;
    await getOwnedChat(ctx.db, { userId: userId(request), chatId });
    return getAnswer(ctx.db, { chatId, messageId });
  };

  app.post(
    '/chats/:chatId/messages/:messageId/stop',
    { schema: ROUTES['POST /api/v1/chats/:chatId/messages/:messageId/stop'] },
    async (request) => {
      const row = await ownedMessage(request);
      const run = ctx.answers.get(row.id);
      if (run && !run.isFinished) {
        run.stop();
        // Answered once the partial answer is stored, so that reading the chat shows it.
        await run.done;
      } else if (row.status === 'streaming' && ctx.database.kind === 'postgres' && isYoung(row.createdAt)) {
        // Another instance generates it: ask it to stop, and answer once the stopped answer is stored.
        await requestStop(ctx.db, row.id);
        const stored = await waitStored(ctx.db, row.id, { timeoutMs: REMOTE_STOP_WAIT_MS });
        if (stored?.status !== 'stopped') throw new AppError('ANSWER_NOT_RUNNING');
      } else if (row.status !== 'stopped') {
        throw new AppError('ANSWER_NOT_RUNNING');
      }
      return { messageId: row.id, status: 'stopped' as const };
    },
  );

  /** Messages being fused again in this process (a second request for one of them is refused). */
  const fusing = new Set<string>();
  app.post(
    '/chats/:chatId/messages/:messageId/fuse',
    { schema: ROUTES['POST /api/v1/chats/:chatId/messages/:messageId/fuse'] },
    async (request) => {
      const row = await ownedMessage(request);
      const run = ctx.answers.get(row.id);
      if ((run && !run.isFinished) || row.status === 'streaming' || fusing.has(row.id)) throw new AppError('ANSWER_STILL_RUNNING');
      fusing.add(row.id);
      try {
        await refuseAnswer({ db: ctx.db, registry, meter: ctx.usage }, { row, userId: userId(request), log: request.log });
      } finally {
        fusing.delete(row.id);
      }
      return { messageId: row.id, status: 'fused' as const };
    },
  );

  app.get(
    '/chats/:chatId/messages/:messageId/stream',
    { schema: ROUTES['GET /api/v1/chats/:chatId/messages/:messageId/stream'] },
    async (request, reply) => {
      const row = await ownedMessage(request);
      const { after } = request.query;
      const lastId = Number(request.headers['last-event-id']);
      const from = after ?? (Number.isInteger(lastId) && lastId >= 0 ? lastId + 1 : 0);
      const run = ctx.answers.get(row.id);
      if (run) return adaptAnswer(request, reply, { run }, { from, stream: true });
      // Still streaming with no run here: another instance is generating it. Wait for it to be stored
      // (every run ends within the cap; one a crash left behind is marked failed by the sweep).
      const elsewhere = row.status === 'streaming' && ctx.database.kind === 'postgres' && isYoung(row.createdAt);
      const waitElsewhere = elsewhere
        ? async (isOpen: () => boolean) => {
            const stored = await waitStored(ctx.db, row.id, { timeoutMs: REQUEST_CAP_MS + 120_000, everyMs: ELSEWHERE_POLL_MS, isOpen });
            if (stored === null || !isOpen()) return undefined;
            return storedAnswerEvents(stored ?? row);
          }
        : undefined;
      return adaptAnswer(request, reply, { replay: storedAnswerEvents(row) }, { from, stream: true, waitElsewhere });
    },
  );
}

/** An answer this young may still be running on another instance (every run ends within the cap). */
const isYoung = (createdAt: Date) => Date.now() - createdAt.getTime() < REQUEST_CAP_MS + 60_000;
/** How long Stop waits for another instance to store the stopped answer (it looks every second). */
const REMOTE_STOP_WAIT_MS = 10_000;

/** How often a stream waiting for an answer on another instance reads it again. */
const ELSEWHERE_POLL_MS = 1_000;

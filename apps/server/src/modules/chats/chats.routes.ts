import { CHAT_LIMITS, chatDetailSchema, ROUTES } from '@sangam/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { messages } from '@/db/schema';
import { AppError } from '@/errors';
import { attachmentDisposition } from '@/lib/attachment';
import { adaptAnswer } from '@/modules/agent/agent.routes';
import { REQUEST_CAP_MS, storedAnswerEvents } from '@/modules/agent/answer-pipeline';
import { refuseAnswer } from '@/modules/agent/fusion/refuse';
import {
  chatToMarkdown,
  deleteChat,
  exportChat,
  getChatDetail,
  getOwnedChat,
  getQuestionImage,
  getShared,
  listChats,
  patchChat,
  revokeShare,
  shareChat,
} from '@/modules/chats/chats.queries';
import { requestStop, waitStored } from '@/modules/chats/remote-stop';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { currentUser } from '@/plugins/auth-guard';

/**
 * The signed-in user's conversations under /api/v1/chats (one onRequest guard for the folder);
 * another user's chat is always 404 CHAT_NOT_FOUND.
 */
export async function chatsRoutes(fastify: FastifyInstance, { ctx, registry }: { ctx: AppContext; registry: ModelRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  const userId = (request: FastifyRequest) => currentUser(request).id;
  const isModel = (id: string) => registry.list().some((m) => m.id === id && m.roles.includes('proposer'));

  app.get('/chats', { schema: ROUTES['GET /api/v1/chats'] }, async (request) => {
    const query = request.query;
    return listChats(ctx.db, {
      userId: userId(request),
      q: query.q,
      cursor: query.cursor,
      limit: query.limit ?? CHAT_LIMITS.pageDefault,
    });
  });

  app.get('/chats/:chatId', { schema: ROUTES['GET /api/v1/chats/:chatId'] }, async (request) =>
    getChatDetail(ctx.db, { userId: userId(request), chatId: request.params.chatId }),
  );

  app.patch('/chats/:chatId', { schema: ROUTES['PATCH /api/v1/chats/:chatId'] }, async (request) =>
    patchChat(ctx.db, { userId: userId(request), chatId: request.params.chatId, patch: request.body, isModel }),
  );

  app.delete('/chats/:chatId', { schema: ROUTES['DELETE /api/v1/chats/:chatId'] }, async (request) => {
    const { chatId } = request.params;
    await deleteChat(ctx.db, { userId: userId(request), chatId });
    for (const run of ctx.answers.active()) if (run.chatId === chatId) run.stop();
    return { chatId };
  });

  app.get('/chats/:chatId/export', { schema: ROUTES['GET /api/v1/chats/:chatId/export'] }, async (request, reply) => {
    const { chatId } = request.params;
    const { format } = request.query;
    const { detail, active } = await exportChat(ctx.db, { userId: userId(request), chatId });
    reply.header('cache-control', 'no-store');
    if (format === 'json') {
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachmentDisposition({ title: detail.chat.title, ext: 'json' }));
      return JSON.stringify({ ...chatDetailSchema.parse(detail), exportedAt: new Date().toISOString() }, null, 2);
    }
    reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .header('content-disposition', attachmentDisposition({ title: detail.chat.title, ext: 'md' }));
    return chatToMarkdown(detail, active);
  });

  app.post('/chats/:chatId/share', { schema: ROUTES['POST /api/v1/chats/:chatId/share'] }, async (request) => {
    const shareId = await shareChat(ctx.db, { userId: userId(request), chatId: request.params.chatId });
    const origin = ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
    return { shareId, url: `${origin.replace(/\/$/, '')}/share/${shareId}` };
  });

  app.delete('/chats/:chatId/share', { schema: ROUTES['DELETE /api/v1/chats/:chatId/share'] }, async (request) => {
    const { chatId } = request.params;
    await revokeShare(ctx.db, { userId: userId(request), chatId });
    return { chatId };
  });

  /** The answer's message in this user's chat (404 otherwise). */
  const ownedMessage = async (request: FastifyRequest<{ Params: { chatId: string; messageId: string } }>) => {
    const { chatId, messageId } = request.params;
    await getOwnedChat(ctx.db, { userId: userId(request), chatId });
    const [row] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, chatId)))
      .limit(1);
    if (row?.role !== 'assistant') throw new AppError('MESSAGE_NOT_FOUND');
    return row;
  };

  /** A question's image (issue 13), to its owner only: private, never cached by a shared cache, never sniffed. */
  app.get(
    '/chats/:chatId/messages/:messageId/image',
    { schema: ROUTES['GET /api/v1/chats/:chatId/messages/:messageId/image'] },
    async (request, reply) => {
      const { chatId, messageId } = request.params;
      const image = await getQuestionImage(ctx.db, { userId: userId(request), chatId, messageId });
      return reply
        .header('content-type', image.mediaType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );

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

/** Public, read-only share links: a snapshot with no account data, never indexed. */
export async function sharedRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/shared/:shareId', { schema: ROUTES['GET /api/v1/shared/:shareId'] }, async (request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');
    return getShared(ctx.db, request.params.shareId);
  });
}

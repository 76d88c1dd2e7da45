import { CHAT_LIMITS, chatDetailSchema, ROUTES } from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/app-context';
import { attachmentDisposition } from '@/lib/attachment';
import { chatToMarkdown, exportChat } from '@/modules/chats/chats.export';
import {
  deleteChat,
  getChatDetail,
  getQuestionImage,
  getShared,
  listChats,
  patchChat,
  revokeShare,
  shareChat,
} from '@/modules/chats/chats.queries';
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
}

/** Public, read-only share links: a snapshot with no account data, never indexed. */
export async function sharedRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/shared/:shareId', { schema: ROUTES['GET /api/v1/shared/:shareId'] }, async (request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');
    return getShared(ctx.db, request.params.shareId);
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/app';
import { deleteChat, getOwnedChat, listChats, renameChat, saveChat } from '@/modules/chats/chats.queries';
import { currentUser } from '@/plugins/auth-guard';

const idSchema = z.object({ chatId: z.uuid('Chat ids are UUIDs') });
const title = z.string().trim().min(1, 'Title is required').max(120);
const chatSchema = z.object({
  title,
  mode: z.enum(['sangam', 'universe']),
  originalPrompt: z.string().max(20_000).default(''),
  createdAt: z.number().int().positive(),
  updatedAt: z.number().int().positive(),
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(100_000),
        modelId: z.string().max(80).nullish(),
        timestamp: z.number().int().positive(),
      }),
    )
    .max(200),
});

/** The signed-in user's conversations under /api/v1/chats; another user's chat is always 404. */
export async function chatsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('preHandler', ctx.requireUser);
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get('/chats', async (request) => ({ chats: await listChats(ctx.db, { userId: userId(request) }) }));

  app.get('/chats/:chatId', async (request) => {
    const { chatId } = idSchema.parse(request.params);
    return getOwnedChat(ctx.db, { userId: userId(request), chatId });
  });

  app.put('/chats/:chatId', async (request) => {
    const { chatId } = idSchema.parse(request.params);
    await saveChat(ctx.db, { userId: userId(request), chatId, input: chatSchema.parse(request.body) });
    return { chatId };
  });

  app.patch('/chats/:chatId', async (request) => {
    const { chatId } = idSchema.parse(request.params);
    await renameChat(ctx.db, { userId: userId(request), chatId, title: z.object({ title }).parse(request.body).title });
    return { chatId };
  });

  app.delete('/chats/:chatId', async (request) => {
    const { chatId } = idSchema.parse(request.params);
    await deleteChat(ctx.db, { userId: userId(request), chatId });
    return { chatId };
  });
}

import { hasNoNul, NO_NUL_MESSAGE, TIMESTAMP_MAX_MS } from '@sangam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/app';
import { deleteChat, getOwnedChat, listChats, renameChat, saveChat } from '@/modules/chats/chats.queries';
import { currentUser } from '@/plugins/auth-guard';

const idSchema = z.object({ chatId: z.uuid('Chat ids are UUIDs') });
/** Text the database can store: bounded first (the later checks never see a long string), no NUL. */
const text = (max: number) => z.string().max(max, { abort: true }).refine(hasNoNul, NO_NUL_MESSAGE);
const title = z
  .string()
  .max(1000, { message: 'Title is too long', abort: true })
  .trim()
  .min(1, 'Title is required')
  .max(120)
  .refine(hasNoNul, NO_NUL_MESSAGE);
/** Milliseconds since 1970 that both JavaScript and PostgreSQL can hold (9007199254740991 is not one). */
const timestamp = z.number().int().positive().max(TIMESTAMP_MAX_MS, 'Dates must be before the year 10000');
const chatSchema = z.object({
  title,
  mode: z.enum(['sangam', 'universe']),
  originalPrompt: text(20_000).default(''),
  createdAt: timestamp,
  updatedAt: timestamp,
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: text(100_000),
        modelId: text(80).nullish(),
        timestamp,
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

import type { ChatSession } from '@/features/chat/stores/chat-sessions';
import { HttpError, requestJson } from '@/lib/api-client';

type RemoteChat = {
  chatId: string;
  title: string;
  mode: 'sangam' | 'universe';
  originalPrompt: string;
  createdAt: string;
  updatedAt: string;
};
type RemoteMessage = { id: string; role: 'user' | 'assistant'; content: string; modelId: string | null; createdAt: string };

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const logOnly = (what: string) => (err: unknown) => console.error(`Chat sync failed (${what})`, err);

/** The signed-in user's chats on the server, kept in step with the local list. */
export const chatsApi = {
  save: (s: ChatSession) =>
    requestJson(`/api/v1/chats/${s.chatId}`, {
      method: 'PUT',
      ...json({
        title: s.title,
        mode: s.mode,
        originalPrompt: s.originalPrompt,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        messages: s.messages
          .slice(-200)
          .map((m) => ({ role: m.role, content: m.content, modelId: m.modelId ?? null, timestamp: m.timestamp })),
      }),
    }).catch(logOnly('save')),
  rename: (chatId: string, title: string) =>
    requestJson(`/api/v1/chats/${chatId}`, { method: 'PATCH', ...json({ title }) }).catch(logOnly('rename')),
  remove: (chatId: string) => requestJson(`/api/v1/chats/${chatId}`, { method: 'DELETE' }).catch(logOnly('delete')),
  list: async (): Promise<ChatSession[]> => {
    const { chats } = await requestJson<{ chats: RemoteChat[] }>('/api/v1/chats');
    return chats.map((c) => toSession(c, []));
  },
  /** The chat with its messages, or null when it does not exist for this user. */
  get: async (chatId: string): Promise<ChatSession | null> => {
    try {
      const res = await requestJson<{ chat: RemoteChat & { id: string }; messages: RemoteMessage[] }>(`/api/v1/chats/${chatId}`);
      return toSession({ ...res.chat, chatId: res.chat.id }, res.messages);
    } catch (err) {
      if (err instanceof HttpError && (err.status === 404 || err.status === 400)) return null;
      throw err;
    }
  },
};

function toSession(c: RemoteChat, messages: RemoteMessage[]): ChatSession {
  return {
    chatId: c.chatId,
    title: c.title,
    mode: c.mode,
    originalPrompt: c.originalPrompt,
    createdAt: Date.parse(c.createdAt),
    updatedAt: Date.parse(c.updatedAt),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      modelId: m.modelId ?? undefined,
      timestamp: Date.parse(m.createdAt),
    })),
    minimizedResponses: [],
    selectedRefinedPrompt: null,
    activeModelId: null,
  };
}

import { type ChatSummary, chatSummarySchema } from '@sangam/contracts';
import { STORAGE_KEYS } from '@/lib/auth/storage';

/**
 * The `chatSessions` key keeps a cache of the server's chat list for the signed-in user only: it is
 * stored with the user's id and read back only for that id; sign-out removes it.
 */
export const SESSIONS_KEY = STORAGE_KEYS.chatSessions;
const chatsSchema = chatSummarySchema.array();

export function readCachedChats(userId: string): ChatSummary[] | null {
  try {
    const raw = localStorage.getItem(SESSIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object' || !('userId' in parsed) || parsed.userId !== userId) return null;
    const chats = chatsSchema.safeParse((parsed as { chats?: unknown }).chats);
    return chats.success ? chats.data : null;
  } catch (err) {
    console.error('Could not read the cached chats', err);
    return null;
  }
}

/** Saved whenever the list is non-empty; an empty list removes the key. */
export function writeCachedChats(userId: string, chats: ChatSummary[]) {
  try {
    if (chats.length === 0) localStorage.removeItem(SESSIONS_KEY);
    else localStorage.setItem(SESSIONS_KEY, JSON.stringify({ userId, chats: chats.slice(0, 100) }));
  } catch (err) {
    console.error('Could not cache the chats', err);
  }
}

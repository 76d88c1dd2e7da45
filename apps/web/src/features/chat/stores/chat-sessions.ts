import type { ChatMode } from '@sangam/contracts';
import { chatsApi } from '@/features/chat/api/chats-api';
import { STORAGE_KEYS } from '@/lib/auth/storage';

export type ChatMessage = { id: string; role: 'user' | 'assistant'; content: string; timestamp: number; modelId?: string };
export type ChatSession = {
  chatId: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: ChatMessage[];
  mode: ChatMode;
  minimizedResponses: string[];
  originalPrompt: string;
  selectedRefinedPrompt: string | null;
  activeModelId: string | null;
};

/** A cache of the signed-in user's chats (the server keeps them); sign-out removes it. */
export const SESSIONS_KEY = STORAGE_KEYS.chatSessions;

/** 'Sangam Chat - {date}' or 'Universe Chat - {date}'. */
export function chatTitle(mode: ChatMode, at: Date = new Date()) {
  return `${mode === 'universe' ? 'Universe' : 'Sangam'} Chat - ${at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

export function loadSessions(): ChatSession[] {
  try {
    const raw = localStorage.getItem(SESSIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as ChatSession[]) : [];
  } catch (err) {
    console.error('Could not load chat sessions', err);
    return [];
  }
}

/** Saved whenever the list is non-empty. */
export function saveSessions(sessions: ChatSession[]) {
  if (sessions.length === 0) return;
  try {
    localStorage.setItem(SESSIONS_KEY, JSON.stringify(sessions.slice(0, 100)));
  } catch (err) {
    console.error('Could not save chat sessions', err);
  }
}

export function createSession({ mode, prompt, now = Date.now() }: { mode: ChatMode; prompt: string; now?: number }): ChatSession {
  return {
    chatId: crypto.randomUUID(),
    title: chatTitle(mode, new Date(now)),
    createdAt: now,
    updatedAt: now,
    messages: [],
    mode,
    minimizedResponses: [],
    originalPrompt: prompt,
    selectedRefinedPrompt: null,
    activeModelId: null,
  };
}

/** Keeps the local list (and, when signed in, the server) up to date. `sync: false` stores locally only. */
export function upsertSession(session: ChatSession, { sync = true }: { sync?: boolean } = {}) {
  const all = loadSessions().filter((s) => s.chatId !== session.chatId);
  saveSessions([session, ...all]);
  if (sync) void chatsApi.save(session);
}

export function getSession(chatId: string) {
  return loadSessions().find((s) => s.chatId === chatId);
}

export function removeSession(chatId: string) {
  const rest = loadSessions().filter((s) => s.chatId !== chatId);
  if (rest.length === 0) localStorage.removeItem(SESSIONS_KEY);
  else saveSessions(rest);
  void chatsApi.remove(chatId);
}

export function renameSession(chatId: string, title: string) {
  const s = getSession(chatId);
  if (s && title.trim()) upsertSession({ ...s, title: title.trim(), updatedAt: Date.now() }, { sync: false });
  if (title.trim()) void chatsApi.rename(chatId, title.trim());
}

/** Adds the server's chats that this device does not have yet (newest first). */
export function mergeRemote(remote: ChatSession[]) {
  const local = loadSessions();
  const known = new Set(local.map((s) => s.chatId));
  const merged = [...local, ...remote.filter((r) => !known.has(r.chatId))].sort((a, b) => b.updatedAt - a.updatedAt);
  saveSessions(merged);
  return merged;
}

/** The conversation so far, for follow-up prompts. */
export const historyOf = (s: ChatSession | undefined) => (s?.messages ?? []).map((m) => ({ role: m.role, content: m.content })).slice(-20);

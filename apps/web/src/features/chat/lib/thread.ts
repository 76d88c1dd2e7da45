import type { ChatMessage } from '@sangam/contracts';

/** One question and the answer it got (null while none is stored yet). */
export type Turn = { user: ChatMessage; assistant: ChatMessage | null };

const byCreated = (a: ChatMessage, b: ChatMessage) => a.createdAt.localeCompare(b.createdAt);

/** Children of every message ('' = the roots), oldest first. */
export function childrenOf(messages: ChatMessage[]) {
  const map = new Map<string, ChatMessage[]>();
  for (const m of [...messages].sort(byCreated)) {
    const key = m.parentId ?? '';
    map.set(key, [...(map.get(key) ?? []), m]);
  }
  return map;
}

/** The newest leaf under a message, following the newest child at each step. */
export function latestLeaf(messages: ChatMessage[], from: ChatMessage): ChatMessage {
  const kids = childrenOf(messages);
  let node = from;
  for (;;) {
    const next = kids.get(node.id)?.at(-1);
    if (!next) return node;
    node = next;
  }
}

/** The path from the root to the active leaf (the newest leaf when none is set or known). */
export function activePath(messages: ChatMessage[], activeLeafId: string | null): ChatMessage[] {
  if (messages.length === 0) return [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  const roots = childrenOf(messages).get('') ?? [];
  let leaf = activeLeafId ? byId.get(activeLeafId) : undefined;
  if (!leaf) {
    const lastRoot = roots.at(-1);
    if (!lastRoot) return [];
    leaf = latestLeaf(messages, lastRoot);
  }
  const path: ChatMessage[] = [];
  const seen = new Set<string>();
  for (let m: ChatMessage | undefined = leaf; m && !seen.has(m.id); m = m.parentId ? byId.get(m.parentId) : undefined) {
    seen.add(m.id);
    path.unshift(m);
  }
  return path;
}

/** The path as question/answer turns. */
export function toTurns(path: ChatMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const m of path) {
    if (m.role === 'user') turns.push({ user: m, assistant: null });
    else {
      const last = turns.at(-1);
      if (last && !last.assistant) last.assistant = m;
    }
  }
  return turns;
}

/** A message and its alternatives (same parent, same role), oldest first, with its 0-based place. */
export function siblingsOf(messages: ChatMessage[], message: ChatMessage) {
  const list = messages.filter((m) => m.parentId === message.parentId && m.role === message.role).sort(byCreated);
  return { list, index: list.findIndex((m) => m.id === message.id) };
}

import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { chatsApi } from '@/features/chat/api/chats-api';
import { type ChatSession, loadSessions, mergeRemote, removeSession, renameSession } from '@/features/chat/stores/chat-sessions';

/** Earlier chats: reopen, rename, delete. */
export function HistoryList({ onOpen }: { onOpen: (s: ChatSession) => void }) {
  const [sessions, setSessions] = useState(loadSessions);
  const [editing, setEditing] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  // Chats deleted here while the server's list was on its way must not come back with it.
  const deleted = useRef(new Set<string>());
  useEffect(() => {
    chatsApi
      .list()
      .then((remote) => setSessions(mergeRemote(remote.filter((r) => !deleted.current.has(r.chatId)))))
      .catch((err: unknown) => console.error('Could not load chats from the server', err));
  }, []);
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby="history-heading" className="mx-auto mt-10 w-full max-w-2xl">
      <h2 id="history-heading" className="mb-3 text-sm font-semibold tracking-wide text-slate-400 uppercase">
        Your chats
      </h2>
      <ul className="grid gap-2">
        {sessions.map((s) => (
          <li key={s.chatId} className="flex items-center gap-2 rounded-xl border border-white/10 bg-white/5 px-3 py-2">
            {editing === s.chatId ? (
              <form
                className="flex flex-1 gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  renameSession(s.chatId, title);
                  setSessions(loadSessions());
                  setEditing(null);
                }}
              >
                <input
                  aria-label="Chat title"
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  className="flex-1 rounded bg-black/30 px-2 py-1 text-sm"
                />
                <button type="submit" className="text-sm font-semibold text-neon-cyan">
                  Save
                </button>
              </form>
            ) : (
              <button type="button" className="flex-1 truncate text-left text-sm text-slate-100 hover:text-white" onClick={() => onOpen(s)}>
                {s.title}
                <span className="ml-2 text-xs text-slate-400">{s.originalPrompt.slice(0, 60)}</span>
              </button>
            )}
            <button
              type="button"
              aria-label={`Rename ${s.title}`}
              className="rounded p-1 text-slate-400 hover:text-white"
              onClick={() => {
                setEditing(s.chatId);
                setTitle(s.title);
              }}
            >
              <Pencil className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label={`Delete ${s.title}`}
              className="rounded p-1 text-slate-400 hover:text-red-300"
              onClick={() => {
                deleted.current.add(s.chatId);
                removeSession(s.chatId);
                setSessions(loadSessions());
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatSummary } from '@sangam/contracts';
import { clsx } from 'clsx';
import { Download, Link2, Pencil, Search, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDeleteChat } from '@/features/chat/api/delete-chat';
import { useExportChat } from '@/features/chat/api/export-chat';
import { useChats } from '@/features/chat/api/get-chats';
import { shareUrl, useRevokeShare, useShareChat } from '@/features/chat/api/share-chat';
import { useUpdateChat } from '@/features/chat/api/update-chat';
import { useSession } from '@/lib/auth/use-session';
import { chatTitleIn } from '@/lib/i18n/chat-title';

/** The search box waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;
const EXPORT_FORMATS = [
  { format: 'md', label: 'Markdown' },
  { format: 'json', label: 'JSON' },
] as const;

const iconBtn =
  'grid size-9 place-items-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan';

/** The user's chats from the server: search, open, rename, delete, share (copy link, revoke), export. */
export function HistoryList({ onOpen }: { onOpen: (chatId: string) => void }) {
  const { i18n, t } = useLingui();
  const { user } = useSession();
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = window.setTimeout(() => setQ(query.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [query]);
  const chats = useChats({ q, userId: user?.id ?? null });
  const list = chats.data?.chats ?? [];
  if (!q && !query && list.length === 0) return null;

  return (
    <section aria-labelledby="history-heading" className="mx-auto mt-10 w-full max-w-2xl">
      <h2
        id="history-heading"
        className={clsx('mb-3 text-sm font-semibold text-slate-400 uppercase', i18n.locale === 'en' && 'tracking-wide')}
      >
        <Trans>Your chats</Trans>
      </h2>
      <search className="mb-3 flex items-center gap-2 rounded-xl border border-white/10 bg-black/20 px-3">
        <Search className="size-4 text-slate-400" aria-hidden="true" />
        <input
          type="search"
          aria-label={t`Search chats`}
          placeholder={t`Search chats…`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="min-h-10 min-w-0 flex-1 bg-transparent text-sm text-slate-100 placeholder:text-slate-400 focus:outline-none"
        />
      </search>
      {q && !chats.isFetching && list.length === 0 && (
        <p className="text-sm break-words text-slate-300">
          <Trans>No chats match “{q}”.</Trans>
        </p>
      )}
      <ul className="grid gap-2" aria-busy={chats.isFetching}>
        {list.map((c) => (
          <HistoryItem key={c.id} chat={c} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** A summary; `preview` (the first question) when the server sends it. */
type Summary = ChatSummary & { preview?: string };

function HistoryItem({ chat, onOpen }: { chat: Summary; onOpen: (chatId: string) => void }) {
  const { i18n, t } = useLingui();
  const name = chatTitleIn(i18n, chat.title);
  const [isEditing, setIsEditing] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const [title, setTitle] = useState(name);
  const [copied, setCopied] = useState(false);
  const update = useUpdateChat();
  const remove = useDeleteChat();
  const share = useShareChat();
  const revoke = useRevokeShare();
  const exportChat = useExportChat();
  const link = chat.shareId ? shareUrl(chat.shareId) : null;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (err) {
      console.error('Could not copy the link', err);
    }
  };

  return (
    <li className="min-w-0 rounded-xl border border-white/10 bg-white/5 px-3 py-2">
      <div className="flex items-center gap-1">
        {isEditing ? (
          <form
            className="flex min-w-0 flex-1 gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (title.trim()) update.mutate({ chatId: chat.id, patch: { title: title.trim() } });
              setIsEditing(false);
            }}
          >
            <input
              aria-label={t`Chat title`}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              className="min-w-0 flex-1 rounded bg-black/30 px-2 py-1 text-sm"
            />
            <button type="submit" className="text-sm font-semibold text-neon-cyan">
              <Trans>Save</Trans>
            </button>
          </form>
        ) : (
          <button
            type="button"
            className="min-w-0 flex-1 text-left text-sm text-slate-100 hover:text-white"
            onClick={() => onOpen(chat.id)}
          >
            <span className="block truncate">{name}</span>
            {(chat.snippet ?? chat.preview) && (
              <span className="block truncate text-xs text-slate-400">{chat.snippet ?? chat.preview}</span>
            )}
          </button>
        )}
        <button
          type="button"
          aria-label={t`Rename ${name}`}
          className={iconBtn}
          onClick={() => {
            setTitle(name);
            setIsEditing(true);
          }}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-label={t`Share or export ${name}`}
          aria-expanded={isSharing}
          className={iconBtn}
          onClick={() => setIsSharing((v) => !v)}
        >
          <Link2 className="size-4" aria-hidden="true" />
        </button>
        <button type="button" aria-label={t`Delete ${name}`} className={iconBtn} onClick={() => remove.mutate({ chatId: chat.id })}>
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      {isSharing && (
        <div className="mt-2 grid gap-2 border-t border-white/10 pt-2 text-xs text-slate-300">
          {link ? (
            <div className="flex flex-wrap items-center gap-2">
              <input
                readOnly
                aria-label={t`Share link`}
                value={link}
                className="w-full min-w-0 basis-full rounded bg-black/30 px-2 py-1 text-xs sm:basis-0 sm:flex-1"
              />
              <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => void copy(link)}>
                {copied ? t`Copied` : t`Copy link`}
              </button>
              <button
                type="button"
                className="btn-ghost px-2 py-1 text-xs"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ chatId: chat.id })}
              >
                <Trans>Revoke link</Trans>
              </button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 break-words">
                <Trans>Anyone with the link can read this chat (no account details).</Trans>
              </span>
              <button
                type="button"
                className="btn-primary px-2 py-1 text-xs"
                disabled={share.isPending}
                onClick={() => share.mutate({ chatId: chat.id }, { onSuccess: (res) => void copy(shareUrl(res.shareId)) })}
              >
                <Trans>Create link</Trans>
              </button>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <span>
              <Trans>Export:</Trans>
            </span>
            {EXPORT_FORMATS.map(({ format, label }) => (
              <button
                key={format}
                type="button"
                className="btn-ghost px-2 py-1 text-xs"
                onClick={() => exportChat.mutate({ chatId: chat.id, format })}
              >
                <Download className="size-3.5" aria-hidden="true" /> {label}
              </button>
            ))}
            <button type="button" aria-label={t`Close sharing`} className={`${iconBtn} ml-auto`} onClick={() => setIsSharing(false)}>
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

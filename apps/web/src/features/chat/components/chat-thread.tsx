import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage } from '@sangam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Square } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PromptBox } from '@/components/prompt-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { useChat } from '@/features/chat/api/get-chat';
import { useStopAnswer } from '@/features/chat/api/stop-answer';
import { useUpdateChat } from '@/features/chat/api/update-chat';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { EstimateLine } from '@/features/chat/components/estimate-line';
import { RefinedPrompts } from '@/features/chat/components/refined-prompts';
import { ThreadList } from '@/features/chat/components/thread-list';
import { ThreadTurn, type TurnActions } from '@/features/chat/components/thread-turn';
import { useBusyPrompt } from '@/features/chat/hooks/use-busy-prompt';
import { useLiveAnswer } from '@/features/chat/hooks/use-live-answer';
import { useRefinedPrompts } from '@/features/chat/hooks/use-refined-prompts';
import { chatTotal, costLine } from '@/features/chat/lib/fusion';
import type { Submission } from '@/features/chat/lib/submission';
import { activePath, latestLeaf, toTurns } from '@/features/chat/lib/thread';
import { resetTurnView } from '@/features/chat/stores/turn-view';
import { chatTitleIn } from '@/lib/i18n/chat-title';

/** One empty list for every turn without minimised cards (a new array would re-render each turn on scroll). */
const NONE: string[] = [];

/** The question of an answer that is not yet in the thread (its ids have not arrived). */
const LIVE_USER_ID = 'live';

/** While a finished answer is not yet stored as finished, the chat is read again this often. */
const SETTLE_POLL_MS = 1000;

/**
 * The whole conversation from the server: every turn of the active branch, the refined prompts of a
 * new question, the answer arriving now (with Stop), and the follow-up box at the bottom.
 */
export function ChatThread({ chatId, initial }: { chatId: string; initial: Submission | null }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const chat = useChat(chatId);
  const detail = chat.data ?? null;
  const { live, ask, resume, settle } = useLiveAnswer(chatId);
  const updateChat = useUpdateChat();
  const stopAnswer = useStopAnswer();
  const refine = useRefinedPrompts();
  const [pending, setPending] = useState<Submission | null>(initial);
  const { busyPrompt, setBusyPrompt } = useBusyPrompt(live, () => setPending(null));
  const [followUp, setFollowUp] = useState('');
  const [minimized, setMinimized] = useState<Record<string, string[]>>({});
  const [edits, setEdits] = useState<Record<string, Record<string, string>>>({});
  const resumed = useRef(new Set<string>());
  const pendingRef = useRef<HTMLElement>(null);
  const liveRef = useRef<HTMLDivElement>(null);

  const mode = detail?.chat.mode ?? pending?.mode ?? 'sangam';
  const messages = useMemo(() => detail?.messages ?? [], [detail]);
  const path = useMemo(() => activePath(messages, detail?.activeLeafId ?? null), [messages, detail?.activeLeafId]);
  const turns = useMemo(() => toTurns(path), [path]);
  const lastAssistant = [...path].reverse().find((m) => m.role === 'assistant') ?? null;
  const isRunning = live?.isRunning ?? false;
  const liveInPath = live?.assistantMessageId ? path.some((m) => m.id === live.assistantMessageId) : false;

  // A new question is refined first (the prompt options), as on the first question.
  const refined = useRef<Submission | null>(null);
  useEffect(() => {
    if (!pending || refined.current === pending) return;
    refined.current = pending;
    void refine.refine({ prompt: pending.prompt, chatId, mode: pending.mode });
  }, [pending, chatId, refine.refine]);

  // A new question's prompt options, and then its answer, come into view under the thread.
  const hasTurns = turns.length > 0;
  useEffect(() => {
    if (pending && hasTurns) pendingRef.current?.scrollIntoView({ block: 'start' });
  }, [pending, hasTurns]);
  const showLiveTurn = !!live && !liveInPath && busyPrompt === null;
  useEffect(() => {
    if (!showLiveTurn) return;
    // The answer not yet in the thread starts with a fresh view (not the one of the last such answer).
    resetTurnView(`pending-${LIVE_USER_ID}`);
    liveRef.current?.scrollIntoView({ block: 'start' });
  }, [showLiveTurn]);

  // Reopened while an answer is still being generated: follow it from the server.
  const last = turns.at(-1);
  useEffect(() => {
    const a = last?.assistant;
    if (!last || a?.status !== 'streaming' || live || resumed.current.has(a.id)) return;
    resumed.current.add(a.id);
    void resume(a, last.user.content);
  }, [last, live, resume]);

  // The live copy gives way to the stored answer once the server has it finished.
  const liveStored = live?.assistantMessageId ? messages.find((m) => m.id === live.assistantMessageId) : undefined;
  useEffect(() => {
    if (!live || live.isRunning || !liveStored) return;
    if (liveStored.status !== 'streaming') {
      settle();
      return;
    }
    const id = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) }), SETTLE_POLL_MS);
    return () => window.clearTimeout(id);
  }, [live, liveStored, settle, queryClient, chatId]);

  const use = (prompt: string) => {
    if (!pending || busyPrompt !== null) return;
    const question = pending.prompt;
    setBusyPrompt(prompt);
    // A reload must not offer the prompt options of a question already answered.
    if (location.state) navigate(location.pathname, { replace: true, state: null });
    void ask({ chatId, prompt, question, mode, parentId: lastAssistant?.id });
  };

  const actions = useMemo<TurnActions>(
    () => ({
      onEditQuestion: (user, text) => void ask({ chatId, prompt: text, mode, parentId: user.parentId ?? 'root' }),
      onRegenerate: (assistant, user) =>
        void ask({ chatId, prompt: assistant.refinedPrompt ?? user.refinedPrompt ?? user.content, mode, regenerateId: assistant.id }),
      onSelectBranch: (message: ChatMessage) => updateChat.mutate({ chatId, patch: { activeLeafId: latestLeaf(messages, message).id } }),
      onContinue: (card) => {
        if (card.modelId) updateChat.mutate({ chatId, patch: { continueWith: card.modelId } });
      },
      onMinimize: (messageId, ids) => setMinimized((m) => ({ ...m, [messageId]: ids })),
      onEditAnswer: (messageId, cardId, content) => setEdits((e) => ({ ...e, [messageId]: { ...e[messageId], [cardId]: content } })),
    }),
    [ask, chatId, mode, messages, updateChat.mutate],
  );
  // Continue with one model: the other cards of that turn are minimised.
  const onContinue = useCallback<TurnActions['onContinue']>(
    (card, messageId) => {
      const turn = turns.find((t) => t.assistant?.id === messageId);
      const others = turn?.assistant
        ? [...turn.assistant.answers.map((a) => a.answerId ?? a.modelId), 'best'].filter((id) => id !== card.id)
        : [];
      actions.onContinue(card, messageId);
      setMinimized((m) => ({ ...m, [messageId]: others }));
    },
    [actions, turns],
  );
  const turnActions = useMemo(() => ({ ...actions, onContinue }), [actions, onContinue]);

  if (chat.isPending) {
    return (
      <div className="grid min-h-dvh place-items-center">
        <Spinner className="size-8 text-neon-cyan" label={t`Loading the chat`} />
      </div>
    );
  }

  if (!detail && !pending && !live) {
    return (
      <div className="flex min-h-dvh flex-col">
        <ChatHeader back={{ label: t`Back`, onClick: () => navigate(paths.chat) }} />
        <main id="main" className="grid flex-1 place-items-center px-4 text-center">
          <div>
            <h1 className="text-2xl font-bold text-white">
              <Trans>Chat not found</Trans>
            </h1>
            <p className="mt-2 text-slate-300">
              <Trans>This chat does not exist or belongs to someone else.</Trans>
            </p>
            <Link to={paths.chat} className="btn-primary mt-6">
              <Trans>Start a new chat</Trans>
            </Link>
          </div>
        </main>
      </div>
    );
  }

  const continueWith = detail?.chat.continueWith ?? null;
  const continueName = continueWith
    ? (messages.flatMap((m) => m.answers).find((a) => a.modelId === continueWith)?.name ?? continueWith)
    : null;
  const showFollowUp = !pending && !isRunning && turns.length > 0;
  const total = chatTotal(messages);
  const totalLine = total ? costLine(total) : null;
  // The mode names stay in English (docs/i18n.md's glossary).
  const modeName = pending?.mode === 'universe' ? 'Universe mode' : 'Sangam mode';

  return (
    <div className="flex min-h-dvh flex-col">
      <ChatHeader back={{ label: t`Back`, onClick: () => navigate(paths.chat, { state: { fromSubmission: true } }) }} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h1 className="min-w-0 truncate text-lg font-semibold text-white" data-testid="chat-title">
            {detail?.chat.title ? chatTitleIn(i18n, detail.chat.title) : t`New chat`}
          </h1>
          {totalLine && (
            <p className="text-xs text-slate-300" data-testid="chat-cost">
              <Trans>This chat: {totalLine}</Trans>
            </p>
          )}
        </div>
        <ThreadList
          count={turns.length}
          scrollKey={`${chatId}:${turns.length}`}
          renderTurn={(i) => {
            const t = turns[i];
            if (!t) return null;
            const isLive = !!live && !!t.assistant && t.assistant.id === live.assistantMessageId;
            const key = t.assistant?.id ?? t.user.id;
            return (
              <ThreadTurn
                index={i}
                user={t.user}
                assistant={t.assistant}
                messages={messages}
                mode={mode}
                live={isLive ? live : null}
                isBusy={isRunning}
                minimized={minimized[key] ?? NONE}
                edits={edits[key]}
                actions={turnActions}
              />
            );
          }}
        />
        {showLiveTurn && (
          <div className="scroll-mt-4 pt-6" ref={liveRef}>
            <ThreadTurn
              index={turns.length}
              user={{
                id: LIVE_USER_ID,
                chatId,
                parentId: null,
                role: 'user',
                content: live.question,
                mode,
                status: 'done',
                refinedPrompt: null,
                facts: null,
                answers: [],
                createdAt: new Date().toISOString(),
              }}
              assistant={null}
              messages={[]}
              mode={mode}
              live={live}
              isBusy
              minimized={NONE}
              edits={undefined}
              actions={turnActions}
            />
          </div>
        )}
        {pending && (
          <section aria-labelledby="refine-heading" className="scroll-mt-4 pt-6" ref={pendingRef}>
            <h2 id="refine-heading" className="mb-6 text-xl font-semibold break-words text-white">
              <Trans>Refined prompt options powered by {modeName}</Trans>
            </h2>
            <RefinedPrompts prompt={pending.prompt} refine={refine} onUse={use} busyPrompt={busyPrompt} />
          </section>
        )}
      </main>
      {(showFollowUp || isRunning) && (
        <div className="sticky bottom-0 z-10 border-t border-white/5 bg-ink/95 px-4 py-3">
          <div className="mx-auto grid max-w-2xl gap-2">
            {continueName && (
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-300" data-testid="continue-banner">
                <Trans>Answering with {continueName} only.</Trans>
                <button
                  type="button"
                  className="font-semibold text-neon-cyan underline"
                  onClick={() => updateChat.mutate({ chatId, patch: { continueWith: null } })}
                >
                  <Trans>Back to all models</Trans>
                </button>
              </p>
            )}
            {isRunning ? (
              <button
                type="button"
                className="btn-ghost mx-auto px-4 py-2"
                disabled={!live?.assistantMessageId || stopAnswer.isPending}
                onClick={() => live?.assistantMessageId && stopAnswer.mutate({ chatId, messageId: live.assistantMessageId })}
              >
                <Square className="size-4" aria-hidden="true" /> <Trans>Stop</Trans>
              </button>
            ) : (
              <>
                <PromptBox
                  value={followUp}
                  onChange={setFollowUp}
                  label={t`Follow-up prompt`}
                  placeholder={t`Ask a follow-up…`}
                  onSubmit={(p) => {
                    setFollowUp('');
                    setPending({ prompt: p, mode, chatId });
                  }}
                />
                <EstimateLine mode={mode} text={followUp} chatId={chatId} />
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

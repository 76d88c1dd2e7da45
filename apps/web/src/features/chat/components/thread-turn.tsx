import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage, ChatMode } from '@sangam/contracts';
import { Pencil, RefreshCw } from 'lucide-react';
import { memo, useState } from 'react';
import { useRefuseAnswer } from '@/features/chat/api/refuse-answer';
import { type BranchKind, BranchSwitcher } from '@/features/chat/components/branch-switcher';
import { PanelNote } from '@/features/chat/components/panel-note';
import { QuestionImage } from '@/features/chat/components/question-image';
import { type Refuse, ResultsOverlay } from '@/features/chat/components/results-overlay';
import type { LiveAnswer } from '@/features/chat/hooks/use-live-answer';
import { type AnswerCard, cardsOf } from '@/features/chat/lib/cards';
import { siblingsOf } from '@/features/chat/lib/thread';

export type TurnActions = {
  onEditQuestion: (user: ChatMessage, text: string) => void;
  onRegenerate: (assistant: ChatMessage, user: ChatMessage) => void;
  onSelectBranch: (message: ChatMessage) => void;
  onContinue: (card: AnswerCard, messageId: string) => void;
  onMinimize: (messageId: string, ids: string[]) => void;
  onEditAnswer: (messageId: string, cardId: string, content: string) => void;
};

type Props = {
  index: number;
  user: ChatMessage;
  assistant: ChatMessage | null;
  messages: ChatMessage[];
  mode: ChatMode;
  live: LiveAnswer | null;
  isBusy: boolean;
  minimized: string[];
  edits: Record<string, string> | undefined;
  actions: TurnActions;
};

/** One turn of the thread: the question (editable, with its versions), the prompt used, and its answer cards. */
export const ThreadTurn = memo(function ThreadTurn({
  index,
  user,
  assistant,
  messages,
  mode,
  live,
  isBusy,
  minimized,
  edits,
  actions,
}: Props) {
  const { t } = useLingui();
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(user.content);
  const questions = siblingsOf(messages, user);
  const answers = assistant ? siblingsOf(messages, assistant) : null;
  /** The props of the switcher between a message's versions: selecting one shows its branch. */
  const switcherOf = (label: BranchKind, branches: ReturnType<typeof siblingsOf>) => ({
    label,
    index: branches.index,
    count: branches.list.length,
    isDisabled: isBusy,
    onSelect: (i: number) => {
      const next = branches.list[i];
      if (next) actions.onSelectBranch(next);
    },
  });
  const stored = assistant ? cardsOf(assistant) : [];
  const cards = (live ? live.cards : stored).map((c) => (edits?.[c.id] !== undefined ? { ...c, content: edits[c.id] ?? c.content } : c));
  const refined = assistant?.refinedPrompt ?? user.refinedPrompt;
  const messageKey = assistant?.id ?? `pending-${user.id}`;
  const isRunning = live?.isRunning ?? false;
  const refuseAnswer = useRefuseAnswer();
  const turnNumber = index + 1;
  // Answers that finished after the fusion began can be fused in afterwards (a stored, finished answer).
  const lateCount = !live && assistant?.status === 'done' ? stored.filter((c) => c.isLate && c.status === 'done').length : 0;
  const refuse: Refuse | null =
    assistant && lateCount > 0
      ? {
          count: lateCount,
          isPending: refuseAnswer.isPending,
          error: refuseAnswer.isError ? t`Could not fuse again. Try once more.` : null,
          onRefuse: () => refuseAnswer.mutate({ chatId: assistant.chatId, messageId: assistant.id }),
        }
      : null;

  return (
    <article aria-label={t`Turn ${turnNumber}`} data-testid="turn" className="border-b border-white/5 pb-8">
      <div className="ml-auto w-fit max-w-[min(100%,42rem)] rounded-2xl rounded-tr-sm border border-neon-cyan/30 bg-neon-cyan/10 px-4 py-3">
        <h2 className="sr-only">
          <Trans>Question {turnNumber}</Trans>
        </h2>
        {isEditing ? (
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!draft.trim()) return;
              setIsEditing(false);
              actions.onEditQuestion(user, draft.trim());
            }}
          >
            <textarea
              aria-label={t`Edit question`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              className="min-h-20 w-[min(36rem,75vw)] rounded-lg border border-white/10 bg-black/30 p-2 text-sm text-slate-100"
            />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-ghost px-3 py-1 text-xs" onClick={() => setIsEditing(false)}>
                <Trans>Cancel</Trans>
              </button>
              <button type="submit" className="btn-primary px-3 py-1 text-xs" disabled={!draft.trim()}>
                <Trans>Send</Trans>
              </button>
            </div>
          </form>
        ) : (
          <>
            {user.hasImage && <QuestionImage chatId={user.chatId} messageId={user.id} />}
            <p className="text-sm whitespace-pre-wrap text-slate-100" data-testid="question">
              {user.content}
            </p>
          </>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-end gap-1">
          <BranchSwitcher {...switcherOf('question', questions)} />
          {!isEditing && (
            <button
              type="button"
              aria-label={t`Edit question`}
              disabled={isBusy}
              className="grid size-8 place-items-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white disabled:opacity-40"
              onClick={() => {
                setDraft(user.content);
                setIsEditing(true);
              }}
            >
              <Pencil className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      {refined && refined !== user.content && (
        <p className="mt-3 text-xs break-words text-slate-400" data-testid="refined-used">
          <span className="font-semibold text-slate-300">
            <Trans>Refined prompt:</Trans>
          </span>{' '}
          {refined}
        </p>
      )}
      <PanelNote assistant={assistant} />
      {cards.length > 0 && (
        <ResultsOverlay
          messageKey={messageKey}
          isLive={live !== null}
          mode={mode}
          cards={cards}
          isLoading={isRunning && !cards.some((c) => c.content)}
          quotaExceeded={live?.quotaExceeded ?? false}
          minimized={minimized}
          onMinimize={(ids) => actions.onMinimize(messageKey, ids)}
          onContinue={(card) => actions.onContinue(card, messageKey)}
          onEdit={(id, content) => actions.onEditAnswer(messageKey, id, content)}
          analysis={live ? live.analysis : (assistant?.analysis ?? null)}
          fusedAnswers={live?.fusedAnswers ?? null}
          refuse={refuse}
        />
      )}
      {assistant && (
        <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
          {answers && <BranchSwitcher {...switcherOf('answer', answers)} />}
          {!isRunning && assistant.status !== 'streaming' && (
            <button
              type="button"
              className="btn-ghost px-3 py-1 text-xs"
              disabled={isBusy}
              onClick={() => actions.onRegenerate(assistant, user)}
            >
              <RefreshCw className="size-3.5" aria-hidden="true" /> <Trans>Regenerate</Trans>
            </button>
          )}
        </div>
      )}
    </article>
  );
});

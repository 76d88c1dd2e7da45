import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { LoadingDots } from '@/components/text/loading-dots';
import { useTypewriter } from '@/components/text/use-typewriter';
import { AnswerMarkdown } from '@/components/tool/answer-markdown';
import { FailureCard } from '@/components/tool/failure-card';
import { ModelProgressList } from '@/components/tool/model-progress';
import type { TypingPace } from '@/config/timings';
import { answerToRead, isAwaitingAnswer, type ToolRun } from '@/lib/agent/tool-run';

/** Bold 'N cal' figures (the calorie tool's highlight), outside code and text that is already bold. */
export function boldCalories(text: string): string {
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`|\*\*[^*\n]+\*\*)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\b\d[\d,.]*\s?(?:k?cal)\b/gi, '**$&**')))
    .join('');
}

/**
 * A tool's answer: the loading panel with the models' progress until there is an answer to read,
 * then that answer typed out at the tool's `pace` as it streams in (Markdown, the chat's renderer),
 * then the facts and the reset button once it is shown whole. A failure is a card with its reason.
 * `emptyText` stands in for an answer without text.
 */
export function ToolAnswer({
  run,
  loadingLabel,
  emptyText,
  failureTitle,
  highlightCalories,
  pace,
  children,
  reset,
  className,
}: {
  run: ToolRun;
  pace: TypingPace;
  loadingLabel: string;
  emptyText: string;
  failureTitle?: string;
  highlightCalories?: boolean;
  children?: ReactNode;
  reset: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const answer = answerToRead(run);
  const { shown, isComplete } = useTypewriter(answer, pace);
  if (isAwaitingAnswer(run)) {
    return (
      <div className="card grid min-h-48 place-items-center gap-3 text-center" data-testid="tool-loading">
        <LoadingDots label={loadingLabel} className="text-lg text-slate-200" />
        <ModelProgressList models={run.models} isFusing={run.isFusing} />
      </div>
    );
  }
  const isDone = run.status === 'done';
  const isShownWhole = isDone && (run.isEmpty === true || isComplete);
  const text = isDone && run.isEmpty ? emptyText : shown;
  return (
    // minmax(0, 1fr): a long code line scrolls inside its own box instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {run.status === 'failed' && run.error ? (
        <FailureCard error={run.error} title={failureTitle} />
      ) : (
        <section
          className={clsx('card min-w-0', className)}
          aria-label={t`Answer`}
          aria-busy={!isShownWhole}
          data-testid="tool-answer"
          data-status={run.status}
          data-typed={isShownWhole ? 'whole' : 'typing'}
          data-arrived={answer.length}
        >
          <AnswerMarkdown text={highlightCalories ? boldCalories(text) : text} isStreaming={!isShownWhole} />
        </section>
      )}
      <ModelProgressList models={run.models.filter((m) => m.status === 'failed' || !isDone)} isFusing={run.isFusing && !isDone} />
      {isShownWhole && children}
      {(isShownWhole || run.status === 'failed') && <div className="text-center">{reset}</div>}
    </div>
  );
}

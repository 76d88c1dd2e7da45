import { Trans, useLingui } from '@lingui/react/macro';
import { SendHorizontal } from 'lucide-react';
import { useState } from 'react';
import { ToolShell } from '@/components/layout/tool-shell';
import { LoadingDots } from '@/components/text/loading-dots';
import { useTypewriter } from '@/components/text/use-typewriter';
import { AnswerMarkdown } from '@/components/tool/answer-markdown';
import { CitationList } from '@/components/tool/citation-list';
import { FailureCard } from '@/components/tool/failure-card';
import { ModelProgressList } from '@/components/tool/model-progress';
import { Spinner } from '@/components/ui/spinner';
import { BRAND } from '@/config/brand';
import { TOOL_TYPING } from '@/config/timings';
import { CHANAKYA_ERRORS, useChanakya } from '@/features/chanakya/hooks/use-chanakya';
import { answerToRead, isAwaitingAnswer, isBusy } from '@/lib/agent/tool-run';
import { submitOnEnter } from '@/lib/submit-on-enter';

/** The parchment keeps its dark ink: the Markdown renderer's light text and white headings are overridden here. */
const PARCHMENT_INK =
  '[&_.markdown]:text-base [&_.markdown]:text-[#1c1917] [&_.markdown_h1]:!text-[#78350f] [&_.markdown_h2]:!text-[#78350f] [&_.markdown_h3]:!text-[#78350f] [&_.markdown_blockquote]:!text-[#44403c]';

export function ChanakyaTool() {
  const { t, i18n } = useLingui();
  const brand = BRAND.name;
  const [question, setQuestion] = useState('');
  const { run, isEmpty, facts, ask, retry, reset } = useChanakya();
  const answer = answerToRead(run);
  const typed = useTypewriter(answer, TOOL_TYPING.chanakya);
  const isAnswered = run.status === 'done' && !isEmpty;
  // Complete once the answer is final and typed out whole: then the signature and Ask Another Question.
  const isComplete = isAnswered && typed.isComplete;
  // Asking lasts until the answer is typed out: the box stays disabled and the button spins.
  const isRunning = isBusy(run) || (isAnswered && !isComplete);
  const canSend = question.trim().length > 0 && !isRunning;
  const hasError = run.status === 'failed' || isEmpty;
  const send = () => {
    if (!canSend) return;
    void ask(question.trim());
  };
  const onKeyDown = submitOnEnter(send);
  const again = () => {
    reset();
    setQuestion('');
  };

  return (
    <ToolShell
      title={t`Chanakya Niti`}
      subtitle={t`Counsel from Acharya Chanakya on life, leadership and relationships, grounded in the 17 chapters of the Niti.`}
    >
      <section
        aria-label={t`Chanakya's answer`}
        className="mx-auto max-w-3xl rounded-2xl border border-amber-700/40 bg-[linear-gradient(135deg,#f5e6c4,#e8d3a3)] p-6 text-stone-900 shadow-2xl sm:p-10"
      >
        <h2 className="text-center font-serif text-3xl text-amber-900" lang="sa">
          चाणक्य नीति
        </h2>
        <div
          className={`mt-6 min-h-32 font-serif text-lg leading-relaxed ${PARCHMENT_INK}`}
          data-testid="chanakya-answer"
          data-arrived={answer.length}
        >
          {isAwaitingAnswer(run) ? (
            <LoadingDots label={t`The ancient sage is contemplating`} className="text-amber-900" />
          ) : hasError ? (
            <div className="text-center font-sans">
              {run.status === 'failed' && run.error ? (
                <FailureCard
                  title={i18n._(CHANAKYA_ERRORS.failed)}
                  error={run.error}
                  className="border-[#991b1b]/40 bg-[#991b1b]/10 text-left [&_*]:!text-[#7f1d1d]"
                />
              ) : (
                <p role="alert" className="rounded-lg border border-[#991b1b]/40 bg-[#991b1b]/10 p-4 text-base text-[#7f1d1d]">
                  {i18n._(CHANAKYA_ERRORS.empty)}
                </p>
              )}
              <div className="mt-4 flex flex-wrap justify-center gap-3 text-sm">
                <button type="button" className="btn-primary" onClick={() => void retry()}>
                  <Trans>Try Again</Trans>
                </button>
                <button
                  type="button"
                  className="rounded-full border border-[#78350f]/40 px-5 py-2 text-sm font-semibold text-[#78350f] hover:bg-[#78350f]/10 focus-visible:outline-2 focus-visible:outline-[#78350f]"
                  onClick={again}
                >
                  <Trans>Ask Another Question</Trans>
                </button>
              </div>
            </div>
          ) : run.status === 'streaming' || isAnswered ? (
            <>
              <AnswerMarkdown text={typed.shown} isStreaming={!isComplete} />
              {!isComplete && (
                <span
                  className="ml-0.5 inline-block h-5 w-0.5 bg-amber-900 align-middle motion-safe:animate-caret-blink"
                  aria-hidden="true"
                  data-testid="caret"
                />
              )}
              {isComplete && (
                <footer className="mt-6 border-t border-amber-800/30 pt-4">
                  <p className="text-right font-semibold text-amber-900">
                    <Trans>— Acharya Chanakya</Trans>
                  </p>
                  {facts && (
                    <CitationList citations={facts.citations} edition={facts.edition} editionBook={facts.editionBook} tone="parchment" />
                  )}
                  <p className="mt-3 text-xs text-stone-700">
                    <Trans>{brand} aims for accuracy but isn't perfect. Please double-check important information.</Trans>
                  </p>
                </footer>
              )}
            </>
          ) : (
            <p className="text-center text-stone-700">
              <Trans>Ask your question below, seeker.</Trans>
            </p>
          )}
        </div>
        {(isRunning || isComplete) && (
          // While it is written: every model; afterwards: the models that failed, with their reasons.
          <div className="mt-4 [&_li]:!border-[#78350f]/30 [&_li]:!text-[#44403c]">
            <ModelProgressList
              models={isRunning ? run.models : run.models.filter((m) => m.status === 'failed')}
              isFusing={run.isFusing && isRunning}
            />
          </div>
        )}
      </section>

      <div className="mx-auto mt-6 max-w-3xl">
        {hasError ? null : isComplete ? (
          <div className="text-center">
            <button type="button" className="btn-primary" onClick={again}>
              <Trans>Ask Another Question</Trans>
            </button>
          </div>
        ) : (
          <div className="flex items-end gap-2 rounded-2xl border border-white/10 bg-panel/80 p-2">
            <textarea
              aria-label={t`Your question for Chanakya`}
              rows={2}
              value={question}
              disabled={isRunning}
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t`Ask Chanakya for wisdom on life, leadership, relationships, or any matter...`}
              className="max-h-[120px] min-h-12 min-w-0 flex-1 resize-none bg-transparent px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none"
            />
            <button
              type="button"
              onClick={send}
              disabled={!canSend}
              aria-label={t`Ask Chanakya`}
              className="btn-primary size-11 justify-center p-0"
            >
              {isRunning ? <Spinner className="size-5" label={t`Asking`} /> : <SendHorizontal className="size-5" aria-hidden="true" />}
            </button>
          </div>
        )}
      </div>

      <figure className="mx-auto mt-10 max-w-2xl text-center">
        <blockquote className="font-serif text-xl text-amber-200" lang="sa">
          सुखस्य मूलं धर्मः। धर्मस्य मूलम् अर्थः।
        </blockquote>
        <figcaption className="mt-2 text-sm text-slate-300">
          <Trans>
            “The root of happiness is righteousness; the root of righteousness is wealth well earned.” (Chanakya Sutra 1–2, our rendering)
          </Trans>
        </figcaption>
      </figure>
    </ToolShell>
  );
}

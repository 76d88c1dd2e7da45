import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Columns3, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ToolShell } from '@/components/layout/tool-shell';
import { PromptBox } from '@/components/prompt-box';
import { bookName } from '@/features/scripture/book-names';
import { BookAnswerCard } from '@/features/scripture/components/book-answer-card';
import { BookPicker } from '@/features/scripture/components/book-picker';
import { BookRing } from '@/features/scripture/components/book-ring';
import { CompareRow } from '@/features/scripture/components/compare-row';
import { type BookAnswer, useScriptureAnswers } from '@/features/scripture/hooks/use-scripture-answers';

export function ReligionRoute() {
  const [selected, setSelected] = useState<string[]>([]);
  const [question, setQuestion] = useState('');
  const [step, setStep] = useState<1 | 2>(1);
  const [isComparing, setIsComparing] = useState(false);
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const { answers, setAnswers, isLoading, isRunning, ask, retry } = useScriptureAnswers();
  const { t, i18n } = useLingui();

  const submit = (q: string) => {
    if (!q.trim() || isRunning || selected.length === 0) return;
    setQuestion('');
    setCollapsed([]);
    setStep(2);
    void ask(selected, q.trim());
  };
  const card = (a: BookAnswer) => (
    <BookAnswerCard
      answer={a}
      isCollapsed={collapsed.includes(a.id)}
      onToggle={() => setCollapsed((c) => (c.includes(a.id) ? c.filter((x) => x !== a.id) : [...c, a.id]))}
      onRetry={() => void retry(a.id)}
    />
  );

  return (
    <ToolShell title={t`Scripture Q&A`} subtitle={t`Ask the world’s sacred texts. Every citation is checked against the book itself.`}>
      {step === 1 ? (
        <>
          <BookPicker selected={selected} onChange={setSelected} />
          {selected.length === 0 && (
            <p className="mt-4 text-center text-sm text-amber-200" role="status">
              <Trans>Please select at least one religious text to begin your spiritual journey</Trans>
            </p>
          )}
          <PromptBox
            className="mx-auto mt-6 max-w-3xl"
            value={question}
            onChange={setQuestion}
            onSubmit={submit}
            isDisabled={isRunning || selected.length === 0}
            label={t`Your question`}
            placeholder={t`Ask a question of the selected books…`}
          />
        </>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setStep(1)}>
              <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>Back to Books</Trans>
            </button>
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setIsComparing((v) => !v)}>
              {isComparing ? <RotateCcw className="size-4" aria-hidden="true" /> : <Columns3 className="size-4" aria-hidden="true" />}
              {isComparing ? <Trans>Back to Carousel</Trans> : <Trans>Compare All</Trans>}
            </button>
          </div>
          {isComparing ? (
            <CompareRow items={answers} onReorder={setAnswers} render={card} label={(a) => bookName(i18n, a.book)} />
          ) : (
            <BookRing items={answers} isLoading={isLoading} render={card} />
          )}
        </>
      )}
    </ToolShell>
  );
}

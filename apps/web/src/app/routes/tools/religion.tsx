import { ArrowLeft, Columns3, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ToolShell } from '@/components/layout/tool-shell';
import { PromptBox } from '@/components/prompt-box';
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
    <ToolShell title="Scripture Q&A" subtitle="Ask the world’s sacred texts. Every citation is checked against the book itself.">
      {step === 1 ? (
        <>
          <BookPicker selected={selected} onChange={setSelected} />
          {selected.length === 0 && (
            <p className="mt-4 text-center text-sm text-amber-200" role="status">
              Please select at least one religious text to begin your spiritual journey
            </p>
          )}
          <PromptBox
            className="mx-auto mt-6 max-w-3xl"
            value={question}
            onChange={setQuestion}
            onSubmit={submit}
            isDisabled={isRunning || selected.length === 0}
            label="Your question"
            placeholder="Ask a question of the selected books…"
          />
        </>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setStep(1)}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Back to Books
            </button>
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setIsComparing((v) => !v)}>
              {isComparing ? <RotateCcw className="size-4" aria-hidden="true" /> : <Columns3 className="size-4" aria-hidden="true" />}
              {isComparing ? 'Back to Carousel' : 'Compare All'}
            </button>
          </div>
          {isComparing ? (
            <CompareRow items={answers} onReorder={setAnswers} render={card} label={(a) => a.book.name} />
          ) : (
            <BookRing items={answers} isLoading={isLoading} render={card} />
          )}
        </>
      )}
    </ToolShell>
  );
}

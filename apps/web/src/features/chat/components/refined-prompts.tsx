import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { LoadingDots } from '@/components/text/loading-dots';
import { useTypewriter } from '@/components/text/use-typewriter';
import { Spinner } from '@/components/ui/spinner';
import { REFINED_REVEAL_STEP_MS, REFINED_TYPING } from '@/config/timings';
import type { RefineState } from '@/features/chat/hooks/use-refined-prompts';

function PromptCard({
  label,
  text,
  onUse,
  isBusy,
  isBlurred,
  animate,
}: {
  label: string;
  text: string;
  onUse: () => void;
  isBusy: boolean;
  isBlurred: boolean;
  animate: boolean;
}) {
  const { i18n, t } = useLingui();
  const { shown } = useTypewriter(animate ? text : '', REFINED_TYPING);
  return (
    <article
      data-testid="prompt-card"
      aria-label={label}
      className={clsx('card flex flex-col gap-3 p-4 transition', isBlurred && 'pointer-events-none opacity-60 blur-[2px]')}
    >
      <h3 className={clsx('text-xs font-semibold text-neon-cyan uppercase', i18n.locale === 'en' && 'tracking-wide')}>{label}</h3>
      <p className="flex-1 text-sm break-words whitespace-pre-wrap text-slate-100">{animate ? shown : text}</p>
      <button type="button" onClick={onUse} disabled={isBusy} className="btn-primary self-end px-4 py-1.5">
        {isBusy ? <Spinner className="size-4" label={t`Sending`} /> : t`Use`}
      </button>
    </article>
  );
}

/** Your Prompt plus up to four suggested prompts, revealed one per 300 ms. */
export function RefinedPrompts({
  prompt,
  refine,
  onUse,
  busyPrompt,
}: {
  prompt: string;
  refine: RefineState;
  onUse: (p: string) => void;
  busyPrompt: string | null;
}) {
  const { t } = useLingui();
  const suggestion = (number: number) => t`Suggestion ${number}`;
  const [revealed, setRevealed] = useState(0);
  useEffect(() => {
    setRevealed(0);
    if (refine.status !== 'done') return;
    const id = window.setInterval(() => setRevealed((r) => (r >= refine.prompts.length ? r : r + 1)), REFINED_REVEAL_STEP_MS);
    return () => window.clearInterval(id);
  }, [refine.status, refine.prompts]);

  return (
    <div className="grid gap-6">
      <PromptCard
        label={t`Your Prompt`}
        text={prompt}
        onUse={() => onUse(prompt)}
        isBusy={busyPrompt === prompt}
        isBlurred={busyPrompt !== null && busyPrompt !== prompt}
        animate={false}
      />
      <section aria-labelledby="suggested-heading">
        <h2 id="suggested-heading" className="mb-3 text-lg font-semibold text-white">
          <Trans>Suggested Prompts</Trans>
        </h2>
        {refine.status === 'error' ? (
          <div role="alert" className="card border-red-500/50 p-4 text-red-200" data-testid="refine-error">
            {refine.error}
          </div>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {refine.status === 'loading' || refine.status === 'idle'
              ? [0, 1, 2, 3].map((i) => (
                  <div key={i} className="card p-4" data-testid="prompt-placeholder">
                    <LoadingDots label={t`Thinking`} className="text-slate-300" />
                  </div>
                ))
              : refine.prompts
                  .slice(0, revealed)
                  .map((p, i) => (
                    <PromptCard
                      key={p}
                      label={suggestion(i + 1)}
                      text={p}
                      onUse={() => onUse(p)}
                      isBusy={busyPrompt === p}
                      isBlurred={busyPrompt !== null && busyPrompt !== p}
                      animate
                    />
                  ))}
          </div>
        )}
      </section>
    </div>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { FusionAnalysis } from '@sangam/contracts';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { agreementOf } from '@/features/chat/lib/fusion';
import { count } from '@/features/chat/lib/locale-format';

type Props = {
  analysis: FusionAnalysis;
  /** The name of each answer id (a chip's label). */
  names: Map<string, string>;
  isOpen: boolean;
  onToggle: () => void;
  /** A chip was chosen: show that model's full answer. `from` is the chip, to return focus to. */
  onOpenAnswer: (answerId: string, from: HTMLElement) => void;
};

const METER_CLASSES = { strong: 'bg-neon-green', partial: 'bg-amber-300', weak: 'bg-neon-red', none: 'bg-slate-400' } as const;

/** The models behind a point, each a button that opens its full answer. */
function Chips({ ids, names, onOpenAnswer }: { ids: string[]; names: Map<string, string>; onOpenAnswer: Props['onOpenAnswer'] }) {
  const { t } = useLingui();
  if (ids.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t`Models`}>
      {ids.map((id) => {
        const name = names.get(id) ?? id;
        return (
          <li key={id}>
            <button
              type="button"
              data-testid="model-chip"
              data-answer-id={id}
              aria-label={t`Open ${name}'s answer`}
              onClick={(e) => onOpenAnswer(id, e.currentTarget)}
              className="rounded-full border border-neon-cyan/40 bg-neon-cyan/10 px-2.5 py-1 text-xs font-medium text-slate-100 hover:bg-neon-cyan/20 focus-visible:outline-2 focus-visible:outline-neon-cyan"
            >
              {name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <section className="mt-4" data-testid={testId}>
      <h4 className={clsx('text-xs font-semibold text-slate-400 uppercase', i18n.locale === 'en' && 'tracking-wide')}>{title}</h4>
      {children}
    </section>
  );
}

/** Points with the chips of the models that made them (the consensus, or what only one model said). */
function PointList({
  title,
  testId,
  points,
  names,
  onOpenAnswer,
}: {
  title: string;
  testId: string;
  points: FusionAnalysis['consensus'];
  names: Map<string, string>;
  onOpenAnswer: Props['onOpenAnswer'];
}) {
  if (points.length === 0) return null;
  return (
    <Section title={title} testId={testId}>
      <ul className="mt-1 grid gap-2">
        {points.map((p, i) => (
          <li key={i}>
            <p>{p.text}</p>
            <Chips ids={p.models} names={names} onOpenAnswer={onOpenAnswer} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * "How the models agreed": the agreement indicator, the points the models share, where they
 * contradict each other (side by side), what only one model said and what none answered; every point
 * carries chips for the models behind it. Collapsed until asked for.
 */
export function AgreementPanel({ analysis, names, isOpen, onToggle, onOpenAnswer }: Props) {
  const { t } = useLingui();
  const bodyId = useId();
  const agreement = agreementOf(analysis);
  const percent = agreement.share === null ? 0 : Math.round(agreement.share * 100);
  const fusedCount = analysis.fusedAnswers.length;
  const fused = count(fusedCount);
  const judge = analysis.judge.name;
  return (
    <div className="mt-3 rounded-xl border border-white/10 bg-black/20" data-testid="agreement-panel">
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={onToggle}
          className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-neon-cyan"
        >
          <span className="text-sm font-semibold text-white">
            <Trans>How the models agreed</Trans>
          </span>
          <span className="text-xs text-slate-300" data-testid="agreement-label">
            {agreement.label}
          </span>
          <ChevronDown className={clsx('ml-auto size-4 text-slate-300 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
        </button>
      </h3>
      <div className="px-3 pb-2">
        {/* The meter draws the label above; it says nothing more to a screen reader. */}
        <div aria-hidden="true" data-testid="agreement-meter" data-percent={percent} className="h-1.5 rounded-full bg-white/10">
          <div className={clsx('h-1.5 rounded-full', METER_CLASSES[agreement.level])} style={{ width: `${percent}%` }} />
        </div>
      </div>
      <div id={bodyId} hidden={!isOpen} className="px-3 pb-3 text-sm break-words text-slate-200">
        <PointList title={t`Agreed`} testId="agreement-consensus" points={analysis.consensus} names={names} onOpenAnswer={onOpenAnswer} />
        {analysis.contradictions.length > 0 && (
          <Section title={t`Where they disagree`} testId="agreement-contradictions">
            <ul className="mt-1 grid gap-3">
              {analysis.contradictions.map((c, i) => (
                <li key={i} data-testid="contradiction">
                  <p className="font-medium text-white">{c.topic}</p>
                  <div className="mt-1 grid gap-2 sm:grid-cols-2">
                    {c.sides.map((side, j) => (
                      <div key={j} className="rounded-lg border border-amber-300/30 bg-amber-300/5 p-2" data-testid="contradiction-side">
                        <p>{side.claim}</p>
                        <Chips ids={side.models} names={names} onOpenAnswer={onOpenAnswer} />
                      </div>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        )}
        <PointList
          title={t`Only one model said`}
          testId="agreement-unique"
          points={analysis.unique}
          names={names}
          onOpenAnswer={onOpenAnswer}
        />
        {analysis.openQuestions.length > 0 && (
          <Section title={t`Open questions`} testId="agreement-open">
            <ul className="mt-1 list-disc pl-5">
              {analysis.openQuestions.map((q, i) => (
                <li key={i}>{q}</li>
              ))}
            </ul>
          </Section>
        )}
        <p className="mt-4 text-xs text-slate-400">
          <Plural
            value={fusedCount}
            one={`Fused from ${fused} answer; analysis by ${judge}.`}
            other={`Fused from ${fused} answers; analysis by ${judge}.`}
          />
        </p>
      </div>
    </div>
  );
}

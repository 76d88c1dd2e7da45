import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import type { AnswerCard } from '@/features/chat/lib/cards';
import { firstWords, type ModelPhase, phaseOf } from '@/features/chat/lib/fusion';

/** The mark of an answer that finished after the fusion began. */
export function LateBadge() {
  return (
    <span
      className="rounded-full border border-amber-300/40 px-2 py-0.5 text-xs text-amber-100 sm:whitespace-nowrap"
      data-testid="late-badge"
    >
      <Trans>Late — not in the fused answer</Trans>
    </span>
  );
}

const PHASE_TEXT: Record<ModelPhase, MessageDescriptor> = {
  thinking: msg`thinking…`,
  writing: msg`writing`,
  done: msg`done`,
  failed: msg`failed`,
  stopped: msg`stopped`,
  late: msg`late — not in the fused answer`,
};

const DOT_CLASSES: Record<ModelPhase, string> = {
  thinking: 'bg-slate-400 motion-safe:animate-pulse',
  writing: 'bg-neon-cyan motion-safe:animate-pulse',
  done: 'bg-neon-green',
  failed: 'bg-neon-red',
  stopped: 'bg-amber-300',
  late: 'bg-amber-300',
};

/**
 * Each proposer's live status while the fused answer is not written yet: thinking, writing with its
 * first words, done, failed with the reason, or late. The first words appear as soon as the fastest
 * model streams.
 */
export function ModelStatusList({ cards, fusedAnswers }: { cards: AnswerCard[]; fusedAnswers: string[] | null }) {
  const { i18n, t } = useLingui();
  const models = cards.filter((c) => !c.isBest && c.id !== 'error' && c.id !== 'none');
  if (models.length === 0) return null;
  return (
    <ul className="grid gap-2 text-sm" aria-label={t`Models at work`} data-testid="model-status">
      {models.map((c) => {
        const phase = phaseOf(c, fusedAnswers);
        const words = phase === 'writing' || phase === 'late' ? firstWords(c.content) : '';
        return (
          <li key={c.id} className="flex min-w-0 items-start gap-2" data-phase={phase} data-testid="model-status-row">
            <span aria-hidden="true" className={clsx('mt-1.5 size-2 shrink-0 rounded-full', DOT_CLASSES[phase])} />
            <span className="min-w-0 break-words">
              <span className="font-medium text-white">{c.title}</span>{' '}
              <span className={clsx(phase === 'failed' ? 'text-red-300' : phase === 'late' ? 'text-amber-100' : 'text-slate-300')}>
                {i18n._(PHASE_TEXT[phase])}
                {phase === 'failed' && c.failure ? `: ${c.failure}` : ''}
              </span>
              {words && <span className="block truncate text-slate-400 italic">“{words}”</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMode, FusionAnalysis } from '@sangam/contracts';
import { ArrowLeft, Columns3, Merge, RotateCcw } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AgreementPanel } from '@/features/chat/components/agreement-panel';
import { AnswerCard } from '@/features/chat/components/answer-card';
import { AnswerSheet } from '@/features/chat/components/answer-sheet';
import { Carousel } from '@/features/chat/components/carousel';
import { ModelStatusList } from '@/features/chat/components/model-status';
import type { AnswerCard as Card } from '@/features/chat/lib/cards';
import { chipNames } from '@/features/chat/lib/fusion';
import { count } from '@/features/chat/lib/locale-format';
import { useTurnView } from '@/features/chat/stores/turn-view';

/** Fuse again with the answers that finished after the fusion began. */
export type Refuse = { count: number; isPending: boolean; error: string | null; onRefuse: () => void };

type Props = {
  /** The assistant message the cards belong to (keys the reveal of each card). */
  messageKey: string;
  /** The answer is arriving now. */
  isLive: boolean;
  mode: ChatMode;
  cards: Card[];
  isLoading: boolean;
  quotaExceeded: boolean;
  minimized: string[];
  onMinimize: (ids: string[]) => void;
  onContinue: (card: Card) => void;
  onEdit: (id: string, content: string) => void;
  onBack?: () => void;
  /** "How the models agreed" of the fused answer, once the judge wrote it. */
  analysis?: FusionAnalysis | null;
  /** The answers the fusion read (live), so a model still writing shows as late. */
  fusedAnswers?: string[] | null;
  refuse?: Refuse | null;
};

/** The results: a 3D carousel; in Universe mode also Compare All. Sangam mode shows one card. */
export function ResultsOverlay({
  messageKey,
  isLive,
  mode,
  isLoading,
  quotaExceeded,
  minimized,
  onMinimize,
  onContinue,
  onEdit,
  onBack,
  analysis = null,
  fusedAnswers = null,
  refuse = null,
  cards: given,
}: Props) {
  const { t } = useLingui();
  // A model still writing when the fusion began without it is late from then on.
  const cards = fusedAnswers
    ? given.map((c) => (!c.isBest && c.status === 'streaming' && !fusedAnswers.includes(c.answerId ?? c.id) ? { ...c, isLate: true } : c))
    : given;
  // Compare All, the card in front and the open panel outlive this turn scrolling out of view.
  const [view, setView] = useTurnView(messageKey);
  const isComparing = view.isComparing;
  const [sheet, setSheet] = useState<{ id: string; from: HTMLElement } | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const shown = mode === 'sangam' ? cards.filter((c) => c.isBest || c.id === 'error' || c.id === 'none') : cards;
  const sheetCard = sheet ? cards.find((c) => c.id === sheet.id) : undefined;
  const closeSheet = useCallback(() => setSheet(null), []);
  const refuseLabel = (late: number) => {
    const more = count(late);
    return plural(late, { one: `Fuse again with ${more} more answer`, other: `Fuse again with ${more} more answers` });
  };

  /** A chip: Universe mode brings that card to the front of the carousel; Sangam mode opens it in a side view. */
  const openAnswer = (id: string, from: HTMLElement) => {
    if (mode === 'sangam') {
      setSheet({ id, from });
      return;
    }
    setView({ isComparing: false, frontId: id });
    window.requestAnimationFrame(() => {
      const section = sectionRef.current;
      section?.scrollIntoView({ block: 'start' });
      const cardEls = section ? [...section.querySelectorAll<HTMLElement>('[data-testid="answer-card"]')] : [];
      cardEls.find((el) => el.dataset.answerId === id)?.focus({ preventScroll: true });
    });
  };
  const panel = analysis ? (
    <AgreementPanel
      analysis={analysis}
      names={chipNames(cards)}
      isOpen={view.isAnalysisOpen}
      onToggle={() => setView({ isAnalysisOpen: !view.isAnalysisOpen })}
      onOpenAnswer={openAnswer}
    />
  ) : null;
  const pending = <ModelStatusList cards={cards} fusedAnswers={fusedAnswers} />;
  const render = (card: Card) => (
    <AnswerCard
      card={card}
      revealKey={`${messageKey}:${card.id}`}
      isLive={isLive}
      isMinimized={minimized.includes(card.id)}
      onToggleMinimize={() => onMinimize(minimized.includes(card.id) ? minimized.filter((m) => m !== card.id) : [...minimized, card.id])}
      onContinue={mode === 'universe' && !card.isBest ? () => onContinue(card) : undefined}
      onEdit={(content) => onEdit(card.id, content)}
      pending={card.isBest ? pending : undefined}
      extra={card.isBest && mode === 'sangam' ? panel : undefined}
    />
  );
  return (
    <section aria-label={t`Results`} className="mt-4 scroll-mt-4" ref={sectionRef}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 empty:hidden">
        {onBack && (
          <button type="button" onClick={onBack} className="btn-ghost px-3 py-1.5">
            <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>Back</Trans>
          </button>
        )}
        {mode === 'universe' && shown.length > 1 && (
          <button type="button" onClick={() => setView({ isComparing: !isComparing })} className="btn-ghost ml-auto px-3 py-1.5">
            {isComparing ? <RotateCcw className="size-4" aria-hidden="true" /> : <Columns3 className="size-4" aria-hidden="true" />}
            {isComparing ? t`Back to Carousel` : t`Compare All`}
          </button>
        )}
      </div>
      {quotaExceeded && (
        <p role="alert" className="mb-4 rounded-lg border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100">
          <Trans>
            You have used this month’s allowance.{' '}
            <Link to={paths.pricing} className="font-semibold underline">
              See the plans
            </Link>
          </Trans>
        </p>
      )}
      {isComparing ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="compare-grid">
          {shown.map((c) => (
            <div key={c.id}>{render(c)}</div>
          ))}
        </div>
      ) : shown.length === 1 ? (
        <div className="mx-auto max-w-3xl">{shown[0] && render(shown[0])}</div>
      ) : (
        <Carousel
          label={t`Answers`}
          items={shown}
          isLoading={isLoading}
          renderItem={render}
          activeId={view.frontId}
          onActiveChange={(id) => setView({ frontId: id })}
        />
      )}
      {mode === 'universe' && panel && <div className="mx-auto max-w-3xl">{panel}</div>}
      {mode === 'universe' && refuse && refuse.count > 0 && (
        <div className="mt-3 flex flex-col items-center gap-1">
          <button type="button" className="btn-ghost px-3 py-1.5" disabled={refuse.isPending} onClick={refuse.onRefuse}>
            <Merge className="size-4" aria-hidden="true" />
            {refuse.isPending ? t`Fusing again…` : refuseLabel(refuse.count)}
          </button>
          {refuse.error && (
            <p role="alert" className="text-xs text-red-300">
              {refuse.error}
            </p>
          )}
        </div>
      )}
      {sheet && sheetCard && <AnswerSheet card={sheetCard} returnTo={sheet.from} onClose={closeSheet} />}
    </section>
  );
}

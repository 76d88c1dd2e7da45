import type { ChatMode } from '@sangam/contracts';
import { ArrowLeft, Columns3, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AnswerCard } from '@/features/chat/components/answer-card';
import { Carousel } from '@/features/chat/components/carousel';
import type { AnswerCard as Card } from '@/features/chat/lib/cards';

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
};

/** The results: a 3D carousel; in Universe mode also Compare All. Sangam mode shows one card. */
export function ResultsOverlay({
  messageKey,
  isLive,
  mode,
  cards,
  isLoading,
  quotaExceeded,
  minimized,
  onMinimize,
  onContinue,
  onEdit,
  onBack,
}: Props) {
  const [isComparing, setIsComparing] = useState(false);
  const shown = mode === 'sangam' ? cards.filter((c) => c.isBest || c.id === 'error' || c.id === 'none') : cards;
  const render = (card: Card) => (
    <AnswerCard
      card={card}
      revealKey={`${messageKey}:${card.id}`}
      isLive={isLive}
      isMinimized={minimized.includes(card.id)}
      onToggleMinimize={() => onMinimize(minimized.includes(card.id) ? minimized.filter((m) => m !== card.id) : [...minimized, card.id])}
      onContinue={mode === 'universe' && !card.isBest ? () => onContinue(card) : undefined}
      onEdit={(content) => onEdit(card.id, content)}
    />
  );
  return (
    <section aria-label="Results" className="mt-4">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 empty:hidden">
        {onBack && (
          <button type="button" onClick={onBack} className="btn-ghost px-3 py-1.5">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back
          </button>
        )}
        {mode === 'universe' && shown.length > 1 && (
          <button type="button" onClick={() => setIsComparing((v) => !v)} className="btn-ghost ml-auto px-3 py-1.5">
            {isComparing ? <RotateCcw className="size-4" aria-hidden="true" /> : <Columns3 className="size-4" aria-hidden="true" />}
            {isComparing ? 'Back to Carousel' : 'Compare All'}
          </button>
        )}
      </div>
      {quotaExceeded && (
        <p role="alert" className="mb-4 rounded-lg border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100">
          You have used this month’s allowance.{' '}
          <Link to={paths.pricing} className="font-semibold underline">
            See the plans
          </Link>
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
        <Carousel label="Answers" items={shown} isLoading={isLoading} renderItem={render} />
      )}
    </section>
  );
}

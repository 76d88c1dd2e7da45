import type { FusionAnalysis } from '@sangam/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultsOverlay } from '@/features/chat/components/results-overlay';
import type { AnswerCard } from '@/features/chat/lib/cards';
import { resetTurnViews } from '@/features/chat/stores/turn-view';

const analysis: FusionAnalysis = {
  consensus: [{ text: 'Water boils when heated enough.', models: ['alpha', 'beta'] }],
  contradictions: [
    {
      topic: 'Boiling point at sea level',
      sides: [
        { claim: '100 °C', models: ['alpha'] },
        { claim: '90 °C', models: ['beta'] },
      ],
    },
  ],
  unique: [{ text: 'Altitude lowers it.', models: ['gamma'] }],
  openQuestions: ['How fast does it cool?'],
  fusedAnswers: ['alpha', 'beta', 'gamma'],
  agreement: 0.5,
  judge: { modelId: 'fusion', name: 'Fusion' },
};

const cards: AnswerCard[] = [
  {
    id: 'best',
    title: 'Sangam Answer',
    content: 'Fused text.',
    neonColor: 'cyan',
    status: 'done',
    isBest: true,
    tokens: 3120,
    costInr: 0.42,
  },
  {
    id: 'alpha',
    answerId: 'alpha',
    title: 'Alpha GPT',
    content: 'Alpha says 100 °C.',
    neonColor: 'green',
    status: 'done',
    modelId: 'alpha',
  },
  { id: 'beta', answerId: 'beta', title: 'Beta Claude', content: 'Beta says 90 °C.', neonColor: 'purple', status: 'done', modelId: 'beta' },
  {
    id: 'gamma',
    answerId: 'gamma',
    title: 'Gamma',
    content: 'Gamma late.',
    neonColor: 'pink',
    status: 'done',
    isLate: true,
    tokens: 50,
    costInr: null,
  },
];

type OverlayProps = Parameters<typeof ResultsOverlay>[0];

/** The overlay of a stored answer (the cards and analysis above) with what a test changes. */
function Overlay(props: Partial<OverlayProps> & Pick<OverlayProps, 'mode'>) {
  return (
    <MemoryRouter>
      <ResultsOverlay
        messageKey="m1"
        isLive={false}
        cards={cards}
        isLoading={false}
        quotaExceeded={false}
        minimized={[]}
        onMinimize={() => {}}
        onContinue={() => {}}
        onEdit={() => {}}
        analysis={analysis}
        refuse={null}
        {...props}
      />
    </MemoryRouter>
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => resetTurnViews());

describe('How the models agreed', () => {
  it('is collapsed behind a button with aria-expanded and shows the indicator; opened it lists every kind of point', async () => {
    render(<Overlay mode="sangam" />);
    const toggle = screen.getByRole('button', { name: /How the models agreed/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('agreement-label')).toHaveTextContent('Partial agreement · 1 of 2 points agreed');
    expect(screen.getByText('Water boils when heated enough.')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Water boils when heated enough.')).toBeVisible();
    // Contradictions side by side: each side its claim and its model.
    const sides = screen.getAllByTestId('contradiction-side');
    expect(sides.map((s) => s.textContent)).toEqual(['100 °CAlpha GPT', '90 °CBeta Claude']);
    expect(within(screen.getByTestId('agreement-unique')).getByRole('button', { name: "Open Gamma's answer" })).toBeVisible();
    expect(screen.getByTestId('agreement-open')).toHaveTextContent('How fast does it cool?');
  });

  it('in Sangam mode a chip opens that model’s answer in a side view; Escape closes it and focus returns to the chip', async () => {
    render(<Overlay mode="sangam" />);
    await userEvent.click(screen.getByRole('button', { name: /How the models agreed/ }));
    const chip = within(screen.getAllByTestId('contradiction-side')[1] as HTMLElement).getByRole('button', {
      name: "Open Beta Claude's answer",
    });
    await userEvent.click(chip);
    const dialog = screen.getByRole('dialog', { name: 'Beta Claude' });
    expect(dialog).toHaveTextContent('Beta says 90 °C.');
    expect(within(dialog).getByRole('button', { name: 'Close answer' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(chip).toHaveFocus();
  });

  it('in Universe mode a chip brings that card to the front of the carousel (and leaves Compare All)', async () => {
    render(<Overlay mode="universe" />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare All' }));
    expect(screen.getByTestId('compare-grid')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /How the models agreed/ }));
    await userEvent.click(within(screen.getByTestId('agreement-unique')).getByRole('button', { name: "Open Gamma's answer" }));
    const front = screen.getAllByTestId('carousel-item').find((el) => el.dataset.front === 'true');
    expect(front && within(front).getByRole('article')).toHaveAccessibleName('Gamma');
    await waitFor(() => expect(front && within(front).getByRole('article')).toHaveFocus());
  });

  it('the fused card shows "₹0.42 · 3,120 tokens"; a late answer is marked and can be fused again', async () => {
    const onRefuse = vi.fn();
    render(<Overlay mode="universe" refuse={{ count: 1, isPending: false, error: null, onRefuse }} />);
    const best = screen.getByRole('article', { name: 'Sangam Answer' });
    expect(within(best).getByTestId('answer-cost')).toHaveTextContent('₹0.42 · 3,120 tokens');
    const gamma = screen.getByRole('article', { name: 'Gamma', hidden: true });
    expect(within(gamma).getByTestId('late-badge')).toHaveTextContent('Late — not in the fused answer');
    expect(within(gamma).getByTestId('answer-cost')).toHaveTextContent(/^50 tokens$/);
    await userEvent.click(screen.getByRole('button', { name: 'Fuse again with 1 more answer' }));
    expect(onRefuse).toHaveBeenCalledOnce();
  });

  it('Compare All, the front card and the open panel survive the turn unmounting (a virtualised row)', async () => {
    const first = render(<Overlay mode="universe" messageKey="m7" />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare All' }));
    await userEvent.click(screen.getByRole('button', { name: /How the models agreed/ }));
    first.unmount();
    const second = render(<Overlay mode="universe" messageKey="m7" />);
    expect(screen.getByRole('button', { name: 'Back to Carousel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /How the models agreed/ })).toHaveAttribute('aria-expanded', 'true');
    // Another turn keeps its own view.
    second.rerender(<Overlay mode="universe" messageKey="m8" />);
    expect(screen.getAllByRole('button', { name: 'Compare All' })).toHaveLength(1);
  });

  it('while live, a model still writing when the fusion began without it is marked late', () => {
    const live: AnswerCard[] = [
      { id: 'best', title: 'Sangam Answer', content: 'Fus', neonColor: 'cyan', status: 'streaming', isBest: true },
      { id: 'alpha', answerId: 'alpha', title: 'Alpha GPT', content: 'Done.', neonColor: 'green', status: 'done' },
      { id: 'beta', answerId: 'beta', title: 'Beta Claude', content: 'Still wri', neonColor: 'purple', status: 'streaming' },
    ];
    render(
      <Overlay messageKey="m9" isLive mode="universe" cards={live} analysis={undefined} refuse={undefined} fusedAnswers={['alpha']} />,
    );
    expect(within(screen.getByRole('article', { name: 'Beta Claude', hidden: true })).getByTestId('late-badge')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Alpha GPT', hidden: true })).queryByTestId('late-badge')).toBeNull();
  });
});

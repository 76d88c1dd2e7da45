import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markRevealed, REVEAL_TICK_MS, useReveal } from '@/features/chat/lib/reveal';

function Shown({ k, text, isLive }: { k: string; text: string; isLive: boolean }) {
  const { shown } = useReveal(k, text, isLive);
  return <p data-testid="shown">{shown}</p>;
}

/** Each tick's timer is set after the render of the one before, so time moves one tick at a time. */
const ticks = (n: number) => {
  for (let i = 0; i < n; i += 1) act(() => vi.advanceTimersByTime(REVEAL_TICK_MS));
};

describe('the answer typewriter plays once', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a finished answer that was never typed here shows whole at once (reopening a chat)', () => {
    render(<Shown k="m1:best" text="A stored answer." isLive={false} />);
    expect(screen.getByTestId('shown')).toHaveTextContent('A stored answer.');
  });

  it('text arriving now is typed, and a remounted card (Compare All) continues where it was, never from the start', () => {
    const text = 'Arriving now, typed out.';
    const first = render(<Shown k="m2:alpha" text={text} isLive />);
    expect(screen.getByTestId('shown').textContent).toBe('');
    ticks(5);
    const soFar = screen.getByTestId('shown').textContent ?? '';
    expect(soFar.length).toBeGreaterThan(0);
    expect(soFar.length).toBeLessThan(text.length);
    first.unmount();
    render(<Shown k="m2:alpha" text={text} isLive={false} />);
    expect((screen.getByTestId('shown').textContent ?? '').length).toBeGreaterThanOrEqual(soFar.length);
    ticks(text.length);
    expect(screen.getByTestId('shown')).toHaveTextContent(text);
  });

  it('an answer fused again arrives finished and shows whole, though the card typed its first version here', () => {
    const first = 'Fused from two.';
    const view = render(<Shown k="m3:best" text={first} isLive />);
    ticks(first.length);
    expect(screen.getByTestId('shown')).toHaveTextContent(first);
    markRevealed('m3:best', Number.MAX_SAFE_INTEGER);
    const again = 'Fused again from three answers, a longer text than before.';
    view.rerender(<Shown k="m3:best" text={again} isLive={false} />);
    expect(screen.getByTestId('shown')).toHaveTextContent(again);
  });
});

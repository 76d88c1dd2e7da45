import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypewriter } from '@/components/text/use-typewriter';
import { TOOL_TYPING, type TypingPace } from '@/config/timings';

// One MediaQueryList whose answer the tests set (the hook keeps the first one it gets).
let isReducedMotion = false;
const listeners = new Set<() => void>();
window.matchMedia = ((query: string) => ({
  media: query,
  get matches() {
    return isReducedMotion;
  },
  addEventListener: (_: string, l: () => void) => listeners.add(l),
  removeEventListener: (_: string, l: () => void) => listeners.delete(l),
})) as unknown as typeof window.matchMedia;

function Typed({ text, pace, resumeKey }: { text: string; pace: TypingPace; resumeKey?: string }) {
  const { shown, isComplete } = useTypewriter(text, pace, { resumeKey });
  return (
    <p data-testid="typed" data-complete={isComplete}>
      {shown}
    </p>
  );
}

const shownLength = () => (screen.getByTestId('typed').textContent ?? '').length;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** Renders `text` typed at `pace`, lets `ms` pass and says how much is shown. */
const typedFor = (text: string, pace: TypingPace, ms: number) => {
  const view = render(<Typed text={text} pace={pace} />);
  advance(ms);
  return { view, shown: shownLength() };
};
const TEXT = 'The stars favour patience this year; act after the full moon.';

describe('useTypewriter paces text as the spec says', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    isReducedMotion = false;
  });
  afterEach(() => vi.useRealTimers());

  it('astrology, recipe, Chanakya: nothing before 500 ms, then one character every 30 ms', () => {
    render(<Typed text={TEXT} pace={TOOL_TYPING.astrology} />);
    advance(499);
    expect(shownLength()).toBe(0);
    advance(1);
    expect(shownLength()).toBe(0);
    advance(30);
    expect(shownLength()).toBe(1);
    advance(29);
    expect(shownLength()).toBe(1);
    advance(1 + 30 * 9);
    expect(shownLength()).toBe(11);
    expect(screen.getByTestId('typed').textContent).toBe(TEXT.slice(0, 11));
    advance(30 * TEXT.length);
    expect(screen.getByTestId('typed')).toHaveTextContent(TEXT);
    expect(screen.getByTestId('typed')).toHaveAttribute('data-complete', 'true');
  });

  it('calorie: one character every 25 ms after 500 ms', () => {
    render(<Typed text={TEXT} pace={TOOL_TYPING.calorie} />);
    advance(500 + 25 * 8);
    expect(shownLength()).toBe(8);
    advance(24);
    expect(shownLength()).toBe(8);
    advance(1);
    expect(shownLength()).toBe(9);
  });

  it('scripture: about 1 s, then 20 ms ticks of 2 characters for a short text and 1 for a long one', () => {
    const short = render(<Typed text={TEXT} pace={TOOL_TYPING.scripture} />);
    advance(999);
    expect(shownLength()).toBe(0);
    advance(1 + 20 * 5);
    expect(shownLength()).toBe(10);
    short.unmount();
    const long = 'x'.repeat(700);
    render(<Typed text={long} pace={TOOL_TYPING.scripture} />);
    advance(1000 + 20 * 5);
    expect(shownLength()).toBe(5);
  });

  it('never runs ahead of a growing text, and goes on at the same pace (no burst) when more arrives', () => {
    const pace = TOOL_TYPING.chanakya;
    const { view, shown } = typedFor(TEXT.slice(0, 5), pace, 500 + 30 * 20);
    expect(shown).toBe(5);
    expect(screen.getByTestId('typed')).toHaveAttribute('data-complete', 'true');
    view.rerender(<Typed text={TEXT.slice(0, 30)} pace={pace} />);
    expect(shownLength()).toBe(5);
    advance(30 * 3);
    expect(shownLength()).toBe(8);
    advance(30 * 100);
    expect(shownLength()).toBe(30);
  });

  it('text streaming in faster than it is typed does not disturb the pace', () => {
    const pace = TOOL_TYPING.astrology;
    const { view, shown } = typedFor(TEXT.slice(0, 4), pace, 500 + 30 * 2);
    expect(shown).toBe(2);
    // A chunk every 10 ms, between the ticks.
    for (let i = 0; i < 6; i += 1) {
      advance(10);
      view.rerender(<Typed text={TEXT.slice(0, 8 + 8 * i)} pace={pace} />);
    }
    expect(shownLength()).toBe(4);
    advance(30 * 10);
    expect(shownLength()).toBe(14);
  });

  it('an emptied text (a new question) starts over, with the wait before the first character', () => {
    const pace = TOOL_TYPING.astrology;
    const view = render(<Typed text={TEXT} pace={pace} />);
    advance(500 + 30 * 10);
    expect(shownLength()).toBe(10);
    view.rerender(<Typed text="" pace={pace} />);
    expect(shownLength()).toBe(0);
    view.rerender(<Typed text="A second answer." pace={pace} />);
    advance(499);
    expect(shownLength()).toBe(0);
    advance(1 + 30 * 3);
    expect(screen.getByTestId('typed').textContent).toBe('A s');
  });

  it('a remounted card with a resume key goes on where it was instead of typing again', () => {
    const pace = TOOL_TYPING.scripture;
    const first = render(<Typed text={TEXT} pace={pace} resumeKey="gita" />);
    advance(1000 + 20 * 4);
    expect(shownLength()).toBe(8);
    first.unmount();
    render(<Typed text={TEXT} pace={pace} resumeKey="gita" />);
    expect(shownLength()).toBe(8);
    advance(20);
    expect(shownLength()).toBe(10);
  });

  it('reduced motion shows the whole text at once', () => {
    isReducedMotion = true;
    render(<Typed text={TEXT} pace={TOOL_TYPING.astrology} />);
    expect(screen.getByTestId('typed')).toHaveTextContent(TEXT);
    expect(screen.getByTestId('typed')).toHaveAttribute('data-complete', 'true');
  });
});

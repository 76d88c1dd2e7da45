/**
 * The spec's timings in one place: the web reads them, and so do its browser journeys (which check
 * each one on a fake clock). Plain values only, so that Node (Playwright) can import this file too.
 */

/** How a typewriter paces text: a wait before the first character, then `charsPerTick` every `tickMs`. */
export type TypingPace = {
  startDelayMs: number;
  tickMs: number;
  /** Characters a tick, by the length of the text known so far. */
  charsPerTick: (length: number) => number;
};

const oneChar = () => 1;

/** Scripture texts shorter than this are typed two characters a tick, longer ones one (shorter texts go faster). */
export const SCRIPTURE_SHORT_TEXT = 600;

/**
 * Tool answers: astrology, recipe and Chanakya 30 ms a character and calorie 25 ms, starting 500 ms
 * after the answer appears; scripture about 1 s after, in 20 ms ticks of 2 characters for a short
 * text and 1 for a longer one.
 */
export const TOOL_TYPING = {
  astrology: { startDelayMs: 500, tickMs: 30, charsPerTick: oneChar },
  recipe: { startDelayMs: 500, tickMs: 30, charsPerTick: oneChar },
  chanakya: { startDelayMs: 500, tickMs: 30, charsPerTick: oneChar },
  calorie: { startDelayMs: 500, tickMs: 25, charsPerTick: oneChar },
  scripture: { startDelayMs: 1000, tickMs: 20, charsPerTick: (length: number) => (length < SCRIPTURE_SHORT_TEXT ? 2 : 1) },
} as const satisfies Record<string, TypingPace>;

export type TypedTool = keyof typeof TOOL_TYPING;

/** Refined prompts: one more card every 300 ms, each typed at 30 ms a character. */
export const REFINED_REVEAL_STEP_MS = 300;
export const REFINED_TYPING: TypingPace = { startDelayMs: 0, tickMs: 30, charsPerTick: oneChar };

/** Chat answer cards: 20 ms ticks of 1 to 3 characters (more for longer texts). */
export const ANSWER_TICK_MS = 20;
export const answerCharsPerTick = (length: number) => (length > 400 ? 3 : length > 100 ? 2 : 1);

/** Features from another page: the landing page is shown, then scrolls to #features this much later. */
export const FEATURES_SCROLL_DELAY_MS = 300;

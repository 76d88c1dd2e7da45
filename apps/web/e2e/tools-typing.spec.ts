import type { Locator, Page } from '@playwright/test';
import { TOOL_TYPING, type TypingPace } from '../src/config/timings';
import { expect, saveScreenshot, test } from './fixtures';
import { pauseClock } from './support/clock';
import { behave } from './support/fake-llm';
import { createUser, signIn } from './support/users';

/**
 * The tools type their answers at the spec's pace, checked on Playwright's fake clock: the clock runs
 * in real time for signing in, is paused before the question is sent, and is then moved by hand. The
 * answers have no spaces and no Markdown, so the characters typed are the characters seen.
 */

// Sign-up, sign-in and a whole answer per journey: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page, request }) => {
  await page.clock.install();
  await signIn(page, await createUser(request));
});

/** Every text the answer showed, in order (recorded by the page itself, between the clock's steps too). */
async function recordTyped(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const w = window as unknown as { typedSeen: string[] };
    w.typedSeen = [];
    new MutationObserver(() => {
      const text = document.querySelector(sel)?.textContent;
      if (text !== undefined && text !== null && w.typedSeen.at(-1) !== text) w.typedSeen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, selector);
}
const typedSeen = (page: Page) => page.evaluate(() => (window as unknown as { typedSeen: string[] }).typedSeen);

/**
 * With the whole answer arrived and the clock paused when it arrived: nothing until the start delay,
 * then `charsPerTick` more characters each tick, never more.
 */
async function expectTypedAtPace(page: Page, typed: Locator, text: string, pace: TypingPace) {
  const step = pace.charsPerTick(text.length);
  await expect(typed).toHaveText('');
  await page.clock.runFor(pace.startDelayMs - 1);
  await expect(typed).toHaveText('');
  await page.clock.runFor(1);
  await expect(typed).toHaveText('');
  await page.clock.runFor(pace.tickMs - 1);
  await expect(typed).toHaveText('');
  await page.clock.runFor(1);
  await expect(typed).toHaveText(text.slice(0, step));
  await page.clock.runFor(pace.tickMs * 9);
  await expect(typed).toHaveText(text.slice(0, step * 10));
  await page.clock.runFor(pace.tickMs - 1);
  await expect(typed).toHaveText(text.slice(0, step * 10));
  await page.clock.runFor(1);
  await expect(typed).toHaveText(text.slice(0, step * 11));
}

test('astrology: the models write as status, then only the fused reading is typed, once: nothing for 500 ms, then 30 ms a character', async ({
  page,
}) => {
  const tag = `e2e-typing-astro-${Date.now()}`;
  const READING = 'Jupiter·in·the·ninth·house·favours·patience·and·study.';
  for (const model of ['alpha', 'beta', 'gamma'])
    await behave(model, { reply: `DRAFT·of·${model}·${'x'.repeat(40)}`, match: tag, chunkSize: 4, chunkDelayMs: 40 });
  // The fusion starts late enough for the models' progress to be seen.
  await behave('fusion', { reply: READING, match: tag, delayMs: 1500 });
  await page.goto('/tools/astrology');
  await page.getByLabel('Full name').fill('Savitri Devi');
  await page.getByLabel('Place of birth').fill('Pune');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Time of birth').fill('06:45');
  await page.getByLabel('Your question (optional)').fill(`What does the year hold? ${tag}`);
  await recordTyped(page, '[data-testid="tool-answer"] .markdown');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Consult the Stars' }).click();

  const progress = page.getByTestId('tool-loading').getByTestId('model-progress');
  await expect(progress).toContainText('Alpha GPT: done', { timeout: 15_000 });
  await expect(progress).toContainText('fusing the answers');
  await saveScreenshot(page, 'typing-astrology-models-writing');
  const answer = page.getByTestId('tool-answer');
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  await expect(answer).toHaveAttribute('data-arrived', String(READING.length));
  const typed = answer.locator('.markdown');
  await expectTypedAtPace(page, typed, READING, TOOL_TYPING.astrology);
  // The chart and the reset come once the reading is typed whole.
  await expect(page.getByRole('button', { name: 'Consult the Stars Again' })).toHaveCount(0);
  await page.clock.runFor(TOOL_TYPING.astrology.tickMs * READING.length);
  await expect(typed).toHaveText(READING);
  await expect(answer).toHaveAttribute('data-typed', 'whole');
  await expect(page.getByRole('button', { name: 'Consult the Stars Again' })).toBeVisible();
  await expect(page.getByTestId('north-indian-chart')).toBeVisible();

  // Typed once: every text shown was a beginning of the reading, each longer than the one before; no draft ever showed.
  const seen = (await typedSeen(page)).filter((t) => t.length > 0);
  expect(seen.length).toBeGreaterThanOrEqual(READING.length / 2);
  expect(seen.every((t) => READING.startsWith(t))).toBe(true);
  expect(seen.every((t, i) => i === 0 || t.length > (seen[i - 1]?.length ?? 0))).toBe(true);
  expect(seen.some((t) => t.includes('DRAFT'))).toBe(false);
});

test('recipe: nothing for 500 ms, then one character every 30 ms', async ({ page }) => {
  const tag = `e2e-typing-recipe-${Date.now()}`;
  const RECIPE = 'Soak·the·poha,·temper·mustard·seeds·and·curry·leaves,·then·fold·in.';
  await behave('fusion', { reply: RECIPE, match: tag });
  await page.goto('/tools/food');
  await page.getByLabel('Describe the food').fill(`poha for two ${tag}`);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Get Recipe' }).click();
  const answer = page.getByTestId('tool-answer');
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  await expectTypedAtPace(page, answer.locator('.markdown'), RECIPE, TOOL_TYPING.recipe);
  await expect(answer).toHaveAttribute('data-arrived', String(RECIPE.length));
  await expect(page.getByRole('button', { name: 'Get Another Recipe' })).toHaveCount(0);
  await page.clock.runFor(TOOL_TYPING.recipe.tickMs * RECIPE.length);
  await expect(page.getByRole('button', { name: 'Get Another Recipe' })).toBeVisible();
});

test('calorie: nothing for 500 ms, then one character every 25 ms', async ({ page }) => {
  const tag = `e2e-typing-calorie-${Date.now()}`;
  const ANALYSIS = 'A·light,·balanced·snack;·add·a·fruit·for·fibre.';
  await behave('fusion', { reply: ANALYSIS, match: tag });
  await page.goto('/tools/calorie');
  await page.getByLabel('Describe the food').fill(`a light snack ${tag}`);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Analyze Calories' }).click();
  const answer = page.getByTestId('tool-answer');
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  await expectTypedAtPace(page, answer.locator('.markdown'), ANALYSIS, TOOL_TYPING.calorie);
  await expect(answer).toHaveAttribute('data-arrived', String(ANALYSIS.length));
});

test('scripture: about 1 s after the answer, then 20 ms ticks of 2 characters for a short answer', async ({ page }) => {
  const tag = `e2e-typing-books-${Date.now()}`;
  const TEACHING = 'Act·without·attachment·to·the·fruits·of·action.';
  await behave('fusion', { reply: TEACHING, match: tag });
  await page.goto('/tools/religion');
  await page.getByTestId('book-card').filter({ hasText: 'Bhagavad Gita' }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill(`How should I act? ${tag}`);
  await pauseClock(page);
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  const card = page.getByTestId('book-answer');
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  expect(TOOL_TYPING.scripture.charsPerTick(TEACHING.length)).toBe(2);
  await expectTypedAtPace(page, card.getByTestId('book-answer-text').locator('.markdown'), TEACHING, TOOL_TYPING.scripture);
  await expect(card).toHaveAttribute('data-arrived', String(TEACHING.length));
});

test('Chanakya: the typing waits for the stream and never runs ahead of it, with a blinking caret until the answer is complete', async ({
  page,
}) => {
  const tag = `e2e-typing-chanakya-${Date.now()}`;
  const WISDOM = 'Guard·secrets·like·gold.';
  // Two chunks of 12 characters, 3 s apart: the typing catches up with the first and must wait.
  await behave('fusion', { reply: WISDOM, match: tag, chunkSize: 12, chunkDelayMs: 3000 });
  await page.goto('/tools/chanakyaniti');
  const box = page.getByRole('textbox', { name: 'Your question for Chanakya' });
  await box.fill(`How do I keep a secret? ${tag}`);
  await pauseClock(page);
  await box.press('Enter');
  const area = page.getByTestId('chanakya-answer');
  const typed = area.locator('.markdown');
  const caret = page.getByTestId('caret');
  await expect(area).toHaveAttribute('data-arrived', '12', { timeout: 15_000 });
  await page.clock.runFor(TOOL_TYPING.chanakya.startDelayMs + TOOL_TYPING.chanakya.tickMs * 20);
  // Twenty ticks passed but only twelve characters have arrived: twelve are shown, and the caret waits.
  await expect(typed).toHaveText(WISDOM.slice(0, 12));
  await expect(caret).toBeVisible();
  await expect(caret).toHaveCSS('animation-name', 'caret-blink');
  await saveScreenshot(page, 'typing-chanakya-caret');
  await expect(area).toHaveAttribute('data-arrived', '24', { timeout: 10_000 });
  // More text arrived: no burst, the typing goes on at its pace.
  await expect(typed).toHaveText(WISDOM.slice(0, 12));
  await page.clock.runFor(TOOL_TYPING.chanakya.tickMs * 3);
  await expect(typed).toHaveText(WISDOM.slice(0, 15));
  await page.clock.runFor(TOOL_TYPING.chanakya.tickMs * 20);
  await expect(typed).toHaveText(WISDOM);
  // Complete (the final answer arrived and is typed whole): the caret goes, the signature comes.
  await expect(page.getByText('— Acharya Chanakya')).toBeVisible({ timeout: 10_000 });
  await expect(caret).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ask Another Question' })).toBeVisible();
  await saveScreenshot(page, 'typing-chanakya-complete');
});

test('with reduced motion the answer shows whole at once, with no typing', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const tag = `e2e-typing-reduced-${Date.now()}`;
  const WISDOM = 'Learn·from·the·mistakes·of·others.';
  await behave('fusion', { reply: WISDOM, match: tag });
  await page.goto('/tools/chanakyaniti');
  const box = page.getByRole('textbox', { name: 'Your question for Chanakya' });
  await box.fill(`How do I learn? ${tag}`);
  await pauseClock(page);
  await box.press('Enter');
  // The clock stays paused: nothing could be typed, yet the answer is all there.
  await expect(page.getByTestId('chanakya-answer').locator('.markdown')).toHaveText(WISDOM, { timeout: 15_000 });
  await expect(page.getByText('— Acharya Chanakya')).toBeVisible();
});

import type { Page, Route } from '@playwright/test';
import { REFINED_REVEAL_STEP_MS, REFINED_TYPING } from '../src/config/timings';
import { expect, saveScreenshot, test } from './fixtures';
import { pauseClock } from './support/clock';
import { createUser, signIn } from './support/users';

/** The refined prompts on Playwright's fake clock, and "Use" while its answer starts. */

// Sign-up, sign-in and a whole answer per journey: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page, request }) => {
  await page.clock.install();
  await signIn(page, await createUser(request));
});

/** Holds every answer request until `release` is called, then lets `then` answer it. */
async function holdAnswers(page: Page, then: (route: Route) => Promise<void>) {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/ai/v1/agent/GenerateAnswer', async (route) => {
    await held;
    await then(route);
  });
  return () => release();
}

const OTHERS = ['Your Prompt', 'Suggestion 1', 'Suggestion 3', 'Suggestion 4'];

test('refined prompts come one per 300 ms, typed at 30 ms a character; Use spins on its card and blurs the others until the answer starts', async ({
  page,
}) => {
  const prompt = `Plan a monsoon trek e2e-use-${Date.now()}`;
  const box = page.getByRole('textbox', { name: 'Your prompt' });
  await box.fill(prompt);
  await pauseClock(page);
  await box.press('Enter');
  await expect(page.getByTestId('prompt-placeholder')).toHaveCount(0, { timeout: 15_000 });
  const cards = page.getByTestId('prompt-card');
  await expect(cards).toHaveCount(1);
  await page.clock.runFor(REFINED_REVEAL_STEP_MS - 1);
  await expect(cards).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(cards).toHaveCount(2);
  const first = page.getByRole('article', { name: 'Suggestion 1' });
  await page.clock.runFor(REFINED_TYPING.tickMs * 7);
  await expect(first.locator('p')).toHaveText('Explain');
  await page.clock.runFor(REFINED_REVEAL_STEP_MS * 3 + REFINED_TYPING.tickMs * 120);
  await expect(cards).toHaveCount(5);
  await expect(page.getByRole('article', { name: 'Suggestion 2' })).toContainText('A second better prompt');

  const release = await holdAnswers(page, (route) => route.continue());
  const chosen = page.getByRole('article', { name: 'Suggestion 2' });
  await chosen.getByRole('button', { name: 'Use' }).click();
  await expect(chosen.getByRole('status', { name: 'Sending' })).toBeVisible();
  await expect(chosen.getByRole('button')).toBeDisabled();
  await expect(chosen).toHaveCSS('filter', 'none');
  for (const name of OTHERS) await expect(page.getByRole('article', { name })).toHaveCSS('filter', 'blur(2px)');
  // Time alone does not end it: the answer's first event does.
  await page.clock.runFor(5000);
  await expect(chosen.getByRole('status', { name: 'Sending' })).toBeVisible();
  await expect(page.getByTestId('answer-card')).toHaveCount(0);
  await saveScreenshot(page, 'use-busy-desktop');

  release();
  await page.clock.resume();
  await expect(page.getByTestId('prompt-card')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('answer-card').first()).toContainText('Fused answer from 3 answers.', { timeout: 15_000 });
});

test('Use: an answer that fails clears the spinner and says why', async ({ page }) => {
  const box = page.getByRole('textbox', { name: 'Your prompt' });
  await box.fill(`Plan a desert trek e2e-use-fail-${Date.now()}`);
  await box.press('Enter');
  await expect(page.getByTestId('prompt-card')).toHaveCount(5, { timeout: 15_000 });
  const release = await holdAnswers(page, (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', detail: 'down' } }));
  const chosen = page.getByRole('article', { name: 'Your Prompt' });
  await chosen.getByRole('button', { name: 'Use' }).click();
  await expect(chosen.getByRole('status', { name: 'Sending' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Suggestion 1' })).toHaveCSS('filter', 'blur(2px)');
  release();
  await expect(page.getByRole('status', { name: 'Sending' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Error' })).toContainText('Failed to generate response:', { timeout: 15_000 });
});

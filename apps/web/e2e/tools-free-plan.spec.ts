import { test as base, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, randomIp, saveScreenshot } from './fixtures';
import { behave } from './support/fake-llm';
import { createOwnUser, type OwnServer, startOwnServer } from './support/own-server';
import { signIn } from './support/users';

/**
 * Scripture All Books on the free plan's real allowance (50,000 tokens; every answer reserves about
 * 11,000 until it is settled to its real usage). The shared e2e server runs with a large allowance,
 * so this spec starts its own.
 */
const test = base.extend<object, { freePlan: OwnServer }>({
  freePlan: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
    async ({}, use) => {
      const server = await startOwnServer('free-plan', { FREE_PLAN_TOKENS: '50000', ACCESS_TOKEN_TTL_SECONDS: '900' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ freePlan }, use) => {
    await use(freePlan.url);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomIp() });
  },
});

const PHONE = { width: 360, height: 780 };

async function askAllBooks(page: import('@playwright/test').Page, question: string) {
  await page.goto('/tools/religion');
  await page.getByRole('button', { name: 'All Books' }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  await page.getByRole('button', { name: 'Compare All' }).click();
  await expect(page.getByTestId('compare-item')).toHaveCount(8);
}

test('free plan: All Books answers all eight books, a few at a time, the rest shown waiting', async ({ page, request, freePlan }) => {
  const tag = `e2e-free-all-${Date.now()}`;
  // Slow enough that the books still waiting can be seen.
  await behave('fusion', { reply: `## Peace\n\nEvery book speaks of peace. ${tag}`, match: tag, delayMs: 400 });
  await signIn(page, await createOwnUser(request, freePlan));
  await askAllBooks(page, `What is peace? ${tag}`);
  await expect(page.getByTestId('book-waiting').first()).toBeVisible();
  await expect(page.getByTestId('book-waiting').first()).toContainText('Waiting: books are asked a few at a time');
  await saveScreenshot(page, 'free-plan-all-books-waiting-desktop');
  await expect(page.getByTestId('book-answer').and(page.locator('[data-status="done"]'))).toHaveCount(8, { timeout: 45_000 });
  await expect(page.getByTestId('failure-card')).toHaveCount(0);
  // The answers are Markdown: a heading, never a raw '## '.
  await expect(page.getByTestId('compare-row').getByRole('heading', { name: 'Peace' })).toHaveCount(8);
  await expect(page.getByTestId('compare-row')).not.toContainText('## ');
});

test('free plan, phone: once the allowance is used up, each book left shows why, with the plans', async ({ page, request, freePlan }) => {
  await page.setViewportSize(PHONE);
  const tag = `e2e-free-quota-${Date.now()}`;
  // Every model call of this question reports 9,000 tokens: the first books use up the 50,000.
  for (const model of ['alpha', 'beta', 'gamma', 'fusion'])
    await behave(model, { reply: `A long answer ${tag}`, match: tag, usage: { prompt_tokens: 8000, completion_tokens: 1000 } });
  await signIn(page, await createOwnUser(request, freePlan));
  await askAllBooks(page, `What is duty? ${tag}`);
  const settled = page.getByTestId('book-answer').and(page.locator('[data-status="done"], [data-status="failed"]'));
  await expect(settled).toHaveCount(8, { timeout: 45_000 });
  const failed = page.getByTestId('failure-card').and(page.locator('[data-code="QUOTA_EXCEEDED"]'));
  expect(await failed.count()).toBeGreaterThan(0);
  await expect(failed.first()).toContainText('could not answer');
  await expect(failed.first()).toContainText('Your plan’s allowance is used up');
  await expect(failed.first()).toContainText('You have used this month’s allowance.');
  await expect(failed.first().getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  await expect(failed.first().getByRole('button', { name: 'Ask again' })).toBeVisible();
  await failed.first().scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'free-plan-quota-cards-phone');
  await expectNoSeriousA11yViolations(page);
});

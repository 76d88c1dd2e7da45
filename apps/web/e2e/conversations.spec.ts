import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { behave, fakeRequests } from './support/fake-llm';
import { createUser, type E2EUser, signIn } from './support/users';

/** Screenshots of these journeys go outside the repository, to be looked at. */
const SHOTS = process.env.CONV_SHOTS_DIR ?? '/work/wt/shots/conv';
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
const PHONE = { width: 360, height: 780 };
const tagOf = (name: string) => `zq${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** From /chat: a new question, its prompt options, Use, and the finished answer. */
async function startChat(page: Page, prompt: string, mode: 'Sangam' | 'Universe' = 'Sangam') {
  await page.goto('/chat');
  if (mode === 'Universe') await page.getByRole('button', { name: 'Universe' }).click();
  await page.getByRole('textbox', { name: 'Your prompt' }).fill(prompt);
  await page.getByRole('textbox', { name: 'Your prompt' }).press('Enter');
  await page.getByRole('article', { name: 'Your Prompt' }).getByRole('button', { name: 'Use' }).click();
  await expect(page.getByTestId('turn').last().getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
}

/** A follow-up from the box at the bottom of the thread. */
async function followUp(page: Page, prompt: string, use = 'Your Prompt') {
  await page.getByRole('textbox', { name: 'Follow-up prompt' }).fill(prompt);
  await page.getByRole('textbox', { name: 'Follow-up prompt' }).press('Enter');
  await page.getByRole('article', { name: use }).getByRole('button', { name: 'Use' }).click();
}

const lastTurn = (page: Page) => page.getByTestId('turn').last();

let user: E2EUser;
test.beforeEach(async ({ page, request }) => {
  user = await createUser(request);
  await signIn(page, user);
});

test('the thread keeps every turn: a follow-up appears under the first answer, both stay readable after a reload', async ({ page }) => {
  const tag = tagOf('thread');
  await startChat(page, `Monsoon basics ${tag}`);
  await followUp(page, `And the retreating monsoon ${tag}`, 'Suggestion 1');
  await expect(page.getByTestId('turn')).toHaveCount(2);
  // The question as typed, and the refined prompt chosen for it.
  await expect(lastTurn(page).getByTestId('refined-used')).toContainText('Explain clearly:');
  await expect(lastTurn(page).getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('question').first()).toHaveText(`Monsoon basics ${tag}`);
  await expect(page.getByTestId('question').last()).toHaveText(`And the retreating monsoon ${tag}`);
  // The refiner of the follow-up saw the conversation, and the answer got only the new message from the browser.
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]+\/submission$/);
  await shot(page, 'thread-desktop');
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByTestId('turn')).toHaveCount(2);
  await expect(page.getByTestId('turn').first().getByTestId('answer-card').first()).toContainText('Fused answer');
  await expect(page.getByRole('heading', { name: /Refined prompt options/ })).toHaveCount(0);
  await expect(lastTurn(page).getByTestId('refined-used')).toContainText('Explain clearly:');
});

test('Stop ends the answer and keeps the text it had; reopening shows it stopped', async ({ page }) => {
  const tag = tagOf('stop');
  await behave('fusion', { match: tag, reply: `Partial ${'slowly '.repeat(200)}never-reached`, chunkSize: 8, chunkDelayMs: 120 });
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Your prompt' }).fill(`Stop me ${tag}`);
  await page.getByRole('textbox', { name: 'Your prompt' }).press('Enter');
  await page.getByRole('article', { name: 'Your Prompt' }).getByRole('button', { name: 'Use' }).click();
  const card = lastTurn(page).getByTestId('answer-card').first();
  await expect(card).toContainText('Partial slowly', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(card).toHaveAttribute('data-status', 'stopped', { timeout: 15_000 });
  await expect(card).toContainText('Partial slowly');
  await expect(card).not.toContainText('never-reached');
  await shot(page, 'stopped-desktop');
  await page.reload();
  const reopened = lastTurn(page).getByTestId('answer-card').first();
  await expect(reopened).toHaveAttribute('data-status', 'stopped');
  await expect(reopened).toContainText('Partial slowly');
});

test('leaving the page does not stop the answer: a reload resumes it and it completes', async ({ page }) => {
  const tag = tagOf('resume');
  await behave('fusion', { match: tag, reply: `Resumed ${'onward '.repeat(60)}the-end.`, chunkSize: 10, chunkDelayMs: 60 });
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Your prompt' }).fill(`Keep going ${tag}`);
  await page.getByRole('textbox', { name: 'Your prompt' }).press('Enter');
  await page.getByRole('article', { name: 'Your Prompt' }).getByRole('button', { name: 'Use' }).click();
  await expect(lastTurn(page).getByTestId('answer-card').first()).toContainText('Resumed onward', { timeout: 20_000 });
  await page.reload();
  const card = lastTurn(page).getByTestId('answer-card').first();
  await expect(card).toContainText('the-end.', { timeout: 30_000 });
  await expect(card).toHaveAttribute('data-status', 'done');
  // The aggregator wrote the answer once (the fusion judge's analysis is a request of its own, also once).
  const fusion = (await fakeRequests()).filter((r) => r.model === 'fusion' && JSON.stringify(r.messages).includes(tag));
  const isJudge = (r: (typeof fusion)[number]) => JSON.stringify(r.messages).includes('Compare the candidate answers');
  expect(fusion.filter((r) => !isJudge(r))).toHaveLength(1);
  expect(fusion.filter(isJudge)).toHaveLength(1);
});

test('regenerate adds a second answer with a "< 2/2 >" switcher; editing a question opens a new branch and keeps the old one', async ({
  page,
}) => {
  const tag = tagOf('branch');
  await startChat(page, `Tides ${tag}`);
  await lastTurn(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByTestId('answer-version')).toHaveText('2/2', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Previous answer version' }).click();
  await expect(page.getByTestId('answer-version')).toHaveText('1/2');
  await shot(page, 'regenerated-desktop');

  await lastTurn(page).getByRole('button', { name: 'Edit question' }).click();
  await lastTurn(page).getByRole('textbox', { name: 'Edit question' }).fill(`Spring tides ${tag}`);
  await lastTurn(page).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('question-version')).toHaveText('2/2', { timeout: 20_000 });
  await expect(page.getByTestId('question').last()).toHaveText(`Spring tides ${tag}`);
  await expect(lastTurn(page).getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Previous question version' }).click();
  await expect(page.getByTestId('question').last()).toHaveText(`Tides ${tag}`);
  await expect(page.getByTestId('question-version')).toHaveText('1/2');
  await page.reload();
  await expect(page.getByTestId('question').last()).toHaveText(`Tides ${tag}`);
  await shot(page, 'branches-desktop');
});

test('Continue with a model sends the next questions to that model only, until Back to all models; finished answers never re-type', async ({
  page,
}) => {
  const tag = tagOf('continue');
  await startChat(page, `Rockets ${tag}`, 'Universe');
  const turn = lastTurn(page);
  const alpha = turn.getByRole('article', { name: 'Alpha GPT' }).getByTestId('answer-content');
  // Once typed out in the carousel, a finished answer shows whole at once in Compare All and back (never typed again).
  await expect(alpha).toContainText(tag, { timeout: 15_000 });
  await turn.getByRole('button', { name: 'Compare All' }).click();
  expect(await alpha.textContent()).toContain(`Answer from alpha: Rockets ${tag}`);
  await turn.getByRole('button', { name: 'Back to Carousel' }).click();
  expect(await alpha.textContent()).toContain(`Answer from alpha: Rockets ${tag}`);
  await turn.getByRole('button', { name: 'Compare All' }).click();
  await turn.getByRole('button', { name: 'Continue with Beta Claude' }).click();
  await expect(page.getByTestId('continue-banner')).toContainText('Answering with Beta Claude only.');
  await followUp(page, `Fuel ${tag}x`);
  await expect(lastTurn(page).getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const asked = (await fakeRequests()).filter((r) => JSON.stringify(r.messages).includes(`Fuel ${tag}x`)).map((r) => r.model);
  expect(asked).toContain('beta');
  expect(asked).not.toContain('alpha');
  expect(asked).not.toContain('gamma');
  await shot(page, 'continue-with-desktop');
  await page.getByRole('button', { name: 'Back to all models' }).click();
  await expect(page.getByTestId('continue-banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('continue-banner')).toHaveCount(0);
});

test('history: search finds a chat by a word of its messages; share opens read-only when signed out, and revoke ends it', async ({
  page,
  browser,
}) => {
  const word = tagOf('search');
  await startChat(page, `Volcanoes ${word}`);
  await startChat(page, `Glaciers ${tagOf('other')}`);
  await page.goto('/chat');
  await expect(page.getByRole('list').getByRole('listitem')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search chats' }).fill(word);
  await expect(page.getByRole('list').getByRole('listitem')).toHaveCount(1);
  await shot(page, 'history-search-desktop');
  const item = page.getByRole('list').getByRole('listitem').first();
  await item.getByRole('button', { name: /^Share or export/ }).click();
  await item.getByRole('button', { name: 'Create link' }).click();
  const link = await item.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{16,}$/);
  await shot(page, 'history-share-desktop');

  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await anon.goto(link);
  await expect(anon.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(anon.getByTestId('shared-turn').first()).toContainText(`Volcanoes ${word}`);
  await expect(anon.getByTestId('shared-turn').first()).toContainText('Fused answer');
  await expect(anon.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await anon.content()).not.toContain(user.email);
  await shot(anon, 'shared-page-desktop');
  await item.getByRole('button', { name: 'Revoke link' }).click();
  await expect(item.getByRole('button', { name: 'Create link' })).toBeVisible();
  await anon.reload();
  await expect(anon.getByRole('heading', { name: 'Shared chat not found' })).toBeVisible();
  await visitor.close();
});

test('export downloads the chat as Markdown and as JSON', async ({ page }) => {
  const tag = tagOf('export');
  await startChat(page, `Export me ${tag}`);
  await page.goto('/chat');
  const item = page.getByRole('list').getByRole('listitem').first();
  await item.getByRole('button', { name: /^Share or export/ }).click();
  const [md] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Markdown' }).click()]);
  expect(md.suggestedFilename()).toMatch(/\.md$/);
  expect(fs.readFileSync(await md.path(), 'utf8')).toContain(`Export me ${tag}`);
  const [json] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  expect(JSON.stringify(JSON.parse(fs.readFileSync(await json.path(), 'utf8')))).toContain(`Export me ${tag}`);
});

test('two users in one browser: after A signs out and B signs in, B never sees A’s chats', async ({ page, request }) => {
  const tag = tagOf('twousers');
  await startChat(page, `Private to A ${tag}`);
  const chatUrl = page.url();
  await page.goto('/chat');
  await expect(page.getByRole('list').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const b = await createUser(request);
  await signIn(page, b);
  await expect(page.getByRole('heading', { name: 'What would you like to know?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your chats' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('chatSessions') ?? '')).not.toContain(tag);
  await page.goto(chatUrl);
  await expect(page.getByRole('heading', { name: 'Chat not found' })).toBeVisible();
  await expect(page.getByText(tag)).toHaveCount(0);
});

test('a prompt typed on the landing page while signed out survives sign-in and is sent', async ({ browser }) => {
  const tag = tagOf('landing');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Ask Sangam anything' }).fill(`From the landing ${tag}`);
  await page.getByRole('textbox', { name: 'Ask Sangam anything' }).press('Enter');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/submission$/);
  await expect(page.getByRole('article', { name: 'Your Prompt' })).toContainText(`From the landing ${tag}`);
  await context.close();
});

test('on a 360 px phone: the thread, the follow-up box and the history panel (share, export) fit and work', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const tag = tagOf('phone');
  await startChat(page, `Phone thread ${tag}`, 'Universe');
  await followUp(page, `Phone follow-up ${tag}`);
  await expect(lastTurn(page).getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'thread-phone');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/chat');
  const item = page.getByRole('list').getByRole('listitem').first();
  await item.getByRole('button', { name: /^Share or export/ }).click();
  await item.getByRole('button', { name: 'Create link' }).click();
  await expect(item.getByRole('textbox', { name: 'Share link' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'history-phone');
  await expectNoSeriousA11yViolations(page);
});

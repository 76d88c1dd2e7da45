import fs from 'node:fs';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { ChatPage } from './support/chat-page';
import { behave, fakeRequests } from './support/fake-llm';
import { createUser, type E2EUser, signIn } from './support/users';

/** Screenshots of these journeys go outside the repository, to be looked at. */
const SHOTS = process.env.CONV_SHOTS_DIR ?? '/work/wt/shots/conv';
const PHONE = { width: 360, height: 780 };
const tagOf = (name: string) => `zq${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let user: E2EUser;
test.beforeEach(async ({ page, request }) => {
  user = await createUser(request);
  await signIn(page, user);
});

test('the thread keeps every turn: a follow-up appears under the first answer, both stay readable after a reload', async ({
  page,
  chat,
}) => {
  const tag = tagOf('thread');
  await chat.ask(`Monsoon basics ${tag}`);
  await chat.expectLastAnswerDone();
  await chat.followUp(`And the retreating monsoon ${tag}`, 'Suggestion 1');
  await expect(chat.turns).toHaveCount(2);
  // The question as typed, and the refined prompt chosen for it.
  await expect(chat.lastTurn.getByTestId('refined-used')).toContainText('Explain clearly:');
  await expect(chat.lastTurn.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(chat.questions.first()).toHaveText(`Monsoon basics ${tag}`);
  await expect(chat.questions.last()).toHaveText(`And the retreating monsoon ${tag}`);
  // The refiner of the follow-up saw the conversation, and the answer got only the new message from the browser.
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]+\/submission$/);
  await chat.shot(SHOTS, 'thread-desktop');
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(chat.turns).toHaveCount(2);
  await expect(chat.turns.first().getByTestId('answer-card').first()).toContainText('Fused answer');
  await expect(page.getByRole('heading', { name: /Refined prompt options/ })).toHaveCount(0);
  await expect(chat.lastTurn.getByTestId('refined-used')).toContainText('Explain clearly:');
});

test('Stop ends the answer and keeps the text it had; reopening shows it stopped', async ({ page, chat }) => {
  const tag = tagOf('stop');
  await behave('fusion', { match: tag, reply: `Partial ${'slowly '.repeat(200)}never-reached`, chunkSize: 8, chunkDelayMs: 120 });
  await page.goto('/chat');
  await chat.send(`Stop me ${tag}`);
  await chat.use();
  const card = chat.lastTurn.getByTestId('answer-card').first();
  await expect(card).toContainText('Partial slowly', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(card).toHaveAttribute('data-status', 'stopped', { timeout: 15_000 });
  await expect(card).toContainText('Partial slowly');
  await expect(card).not.toContainText('never-reached');
  await chat.shot(SHOTS, 'stopped-desktop');
  await page.reload();
  const reopened = chat.lastTurn.getByTestId('answer-card').first();
  await expect(reopened).toHaveAttribute('data-status', 'stopped');
  await expect(reopened).toContainText('Partial slowly');
});

test('leaving the page does not stop the answer: a reload resumes it and it completes', async ({ page, chat }) => {
  const tag = tagOf('resume');
  await behave('fusion', { match: tag, reply: `Resumed ${'onward '.repeat(60)}the-end.`, chunkSize: 10, chunkDelayMs: 60 });
  await page.goto('/chat');
  await chat.send(`Keep going ${tag}`);
  await chat.use();
  await expect(chat.lastTurn.getByTestId('answer-card').first()).toContainText('Resumed onward', { timeout: 20_000 });
  await page.reload();
  const card = chat.lastTurn.getByTestId('answer-card').first();
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
  chat,
}) => {
  const tag = tagOf('branch');
  await chat.ask(`Tides ${tag}`);
  await chat.expectLastAnswerDone();
  await chat.lastTurn.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByTestId('answer-version')).toHaveText('2/2', { timeout: 20_000 });
  await expect(chat.lastTurn.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Previous answer version' }).click();
  await expect(page.getByTestId('answer-version')).toHaveText('1/2');
  await chat.shot(SHOTS, 'regenerated-desktop');

  await chat.lastTurn.getByRole('button', { name: 'Edit question' }).click();
  await chat.lastTurn.getByRole('textbox', { name: 'Edit question' }).fill(`Spring tides ${tag}`);
  await chat.lastTurn.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('question-version')).toHaveText('2/2', { timeout: 20_000 });
  await expect(chat.questions.last()).toHaveText(`Spring tides ${tag}`);
  await expect(chat.lastTurn.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Previous question version' }).click();
  await expect(chat.questions.last()).toHaveText(`Tides ${tag}`);
  await expect(page.getByTestId('question-version')).toHaveText('1/2');
  await page.reload();
  await expect(chat.questions.last()).toHaveText(`Tides ${tag}`);
  await chat.shot(SHOTS, 'branches-desktop');
});

test('Continue with a model sends the next questions to that model only, until Back to all models; finished answers never re-type', async ({
  page,
  chat,
}) => {
  const tag = tagOf('continue');
  await chat.ask(`Rockets ${tag}`, 'Universe');
  await chat.expectLastAnswerDone();
  const turn = chat.lastTurn;
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
  const turnsBefore = await chat.turns.count();
  await chat.followUp(`Fuel ${tag}x`);
  // The follow-up's own turn: until it renders, the last turn is the finished one before it.
  await expect(chat.turns).toHaveCount(turnsBefore + 1);
  await expect(chat.lastTurn.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const asked = (await fakeRequests()).filter((r) => JSON.stringify(r.messages).includes(`Fuel ${tag}x`)).map((r) => r.model);
  expect(asked).toContain('beta');
  expect(asked).not.toContain('alpha');
  expect(asked).not.toContain('gamma');
  await chat.shot(SHOTS, 'continue-with-desktop');
  await page.getByRole('button', { name: 'Back to all models' }).click();
  await expect(page.getByTestId('continue-banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('continue-banner')).toHaveCount(0);
});

test('history: search finds a chat by a word of its messages; share opens read-only when signed out, and revoke ends it', async ({
  page,
  chat,
  browser,
}) => {
  const word = tagOf('search');
  await chat.ask(`Volcanoes ${word}`);
  await chat.expectLastAnswerDone();
  await chat.ask(`Glaciers ${tagOf('other')}`);
  await chat.expectLastAnswerDone();
  await page.goto('/chat');
  await expect(page.getByRole('list').getByRole('listitem')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search chats' }).fill(word);
  await expect(page.getByRole('list').getByRole('listitem')).toHaveCount(1);
  await chat.shot(SHOTS, 'history-search-desktop');
  const item = page.getByRole('list').getByRole('listitem').first();
  await item.getByRole('button', { name: /^Share or export/ }).click();
  await item.getByRole('button', { name: 'Create link' }).click();
  const link = await item.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{16,}$/);
  await chat.shot(SHOTS, 'history-share-desktop');

  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await anon.goto(link);
  await expect(anon.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(anon.getByTestId('shared-turn').first()).toContainText(`Volcanoes ${word}`);
  await expect(anon.getByTestId('shared-turn').first()).toContainText('Fused answer');
  await expect(anon.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await anon.content()).not.toContain(user.email);
  await new ChatPage(anon).shot(SHOTS, 'shared-page-desktop');
  await item.getByRole('button', { name: 'Revoke link' }).click();
  await expect(item.getByRole('button', { name: 'Create link' })).toBeVisible();
  await anon.reload();
  await expect(anon.getByRole('heading', { name: 'Shared chat not found' })).toBeVisible();
  await visitor.close();
});

test('export downloads the chat as Markdown and as JSON', async ({ page, chat }) => {
  const tag = tagOf('export');
  await chat.ask(`Export me ${tag}`);
  await chat.expectLastAnswerDone();
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

test('two users in one browser: after A signs out and B signs in, B never sees A’s chats', async ({ page, chat, request }) => {
  const tag = tagOf('twousers');
  await chat.ask(`Private to A ${tag}`);
  await chat.expectLastAnswerDone();
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

test('on a 360 px phone: the thread, the follow-up box and the history panel (share, export) fit and work', async ({ page, chat }) => {
  await page.setViewportSize(PHONE);
  const tag = tagOf('phone');
  await chat.ask(`Phone thread ${tag}`, 'Universe');
  await chat.expectLastAnswerDone();
  await chat.followUp(`Phone follow-up ${tag}`);
  await expect(chat.lastTurn.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await chat.shot(SHOTS, 'thread-phone');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/chat');
  const item = page.getByRole('list').getByRole('listitem').first();
  await item.getByRole('button', { name: /^Share or export/ }).click();
  await item.getByRole('button', { name: 'Create link' }).click();
  await expect(item.getByRole('textbox', { name: 'Share link' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await chat.shot(SHOTS, 'history-phone');
  await expectNoSeriousA11yViolations(page);
});

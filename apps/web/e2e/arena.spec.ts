import { test as base, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, randomIp, saveScreenshot, VIEWPORTS } from './fixtures';
import { behave } from './support/fake-llm';
import { createOwnUser, type OwnServer, startOwnServer } from './support/own-server';
import { signIn } from './support/users';

/** The arena's own server (its votes never reach the shared one, whose leaderboard stays a sample). */
const MIN_VOTES = 4;
const startArenaServer = () => startOwnServer('arena', { ARENA_MIN_VOTES: String(MIN_VOTES), ARENA_RECOMPUTE_SECONDS: '5' });

const test = base.extend<object, { arena: OwnServer }>({
  arena: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
    async ({}, use) => {
      const server = await startArenaServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ arena }, use) => {
    await use(arena.url);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomIp() });
  },
});
test.describe.configure({ mode: 'serial' });

/** Each model answers arena prompts with its own text (never its name), and the classifier says Coding. */
async function scriptModels() {
  const replies: Record<string, string> = {
    alpha: 'Use a **hash map** to count the words, then sort by count.',
    beta: 'Split the text, then fold it into a dictionary of counts.',
    gamma: 'A Counter from the collections module does it in one line.',
  };
  for (const [model, reply] of Object.entries(replies)) await behave(model, { reply, match: 'e2e-arena' });
  await behave('refiner', { reply: JSON.stringify({ category: 'Coding' }), match: 'e2e-arena' });
  return replies;
}

async function playBattle(page: Page, winner: 'A is better' | 'B is better' | 'Tie' | 'Both are bad', from: 'arena' | 'chat' = 'arena') {
  if (from === 'arena') {
    await page.goto('/arena');
    await expect(page.getByRole('heading', { level: 1, name: 'Arena' })).toBeVisible();
  } else {
    // Universe mode's Battle switch turns the chat's prompt box into the arena.
    await page.goto('/chat');
    await expect(page.getByRole('button', { name: /^Battle/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Universe' }).click();
    await page.getByRole('button', { name: 'Battle off' }).click();
    await expect(page.getByRole('button', { name: 'Battle on' })).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('textbox', { name: 'Your prompt' }).fill('How do I count words in a file? e2e-arena');
  await page.getByRole('button', { name: 'Start battle' }).click();
  const a = page.getByRole('region', { name: /^Model A/ });
  const b = page.getByRole('region', { name: /^Model B/ });
  await expect(a).toBeVisible({ timeout: 20_000 });
  await expect(b).toBeVisible();
  // Blind: neither name is on the page before the vote.
  for (const name of ['Alpha GPT', 'Beta Claude', 'Gamma Gemini']) await expect(page.getByText(name)).toHaveCount(0);
  const boxes = { a: await a.boundingBox(), b: await b.boundingBox() };
  await page.getByRole('button', { name: winner }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText(
    /Model A was (Alpha GPT|Beta Claude|Gamma Gemini); Model B was (Alpha GPT|Beta Claude|Gamma Gemini)\./,
  );
  await expect(page.getByRole('button', { name: winner })).toHaveCount(0);
  return boxes;
}

test('leaderboard with sample data: ten tabs of nine labelled sample rows and the methodology', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Model Leaderboard' })).toBeVisible();
  await expect(page.getByTestId('leaderboard-status')).toHaveText('Sample data for illustration: not the result of a benchmark run.');
  await expect(page.getByRole('tab')).toHaveCount(10);
  await expect(page.getByRole('tabpanel').getByRole('columnheader')).toHaveText(['Rank', 'Model', 'Score', 'Description']);
  await expect(page.getByRole('tabpanel').locator('tbody tr')).toHaveCount(9);
  await expect(page.getByRole('heading', { name: 'Methodology' })).toBeVisible();
  await expect(page.getByText(`A category shows real rankings from ${MIN_VOTES} votes`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Battle in the arena' })).toHaveAttribute('href', '/arena');
  await saveScreenshot(page, 'leaderboard-sample-desktop');
  await expectNoSeriousA11yViolations(page);
});

test('battle on desktop: two anonymous answers side by side, vote, then the names', async ({ page, request, arena }) => {
  await scriptModels();
  const user = await createOwnUser(request, arena);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, user);
  const boxes = await playBattle(page, 'A is better');
  expect(boxes.b?.x ?? 0).toBeGreaterThan((boxes.a?.x ?? 0) + (boxes.a?.width ?? 0) - 1);
  expect(Math.abs((boxes.b?.y ?? 0) - (boxes.a?.y ?? 0))).toBeLessThan(2);
  await saveScreenshot(page, 'arena-desktop');
  await expectNoSeriousA11yViolations(page);
});

test('universe mode has a Battle switch: the chat start screen runs the same blind battle', async ({ page, request, arena }) => {
  await scriptModels();
  const user = await createOwnUser(request, arena);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, user);
  await playBattle(page, 'B is better', 'chat');
  await saveScreenshot(page, 'arena-from-chat-desktop');
});

test('battle on a 360 px phone: the answers stack, the vote works, nothing scrolls sideways', async ({ page, request, arena }) => {
  await scriptModels();
  const user = await createOwnUser(request, arena);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, user);
  const boxes = await playBattle(page, 'Tie');
  expect(boxes.b?.y ?? 0).toBeGreaterThan((boxes.a?.y ?? 0) + (boxes.a?.height ?? 0) - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'arena-phone');
  await expectNoSeriousA11yViolations(page);
});

test('leaderboard with real data: votes seeded through the API rank the winner first with its interval', async ({
  page,
  request,
  arena,
}) => {
  await scriptModels();
  const user = await createOwnUser(request, arena);
  const login = await request.post('/api/v1/login', { form: { username: user.email, password: user.password } });
  const token = String(((await login.json()) as { access_token: string }).access_token);
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < MIN_VOTES + 2; i += 1) {
    const battle = await request.post('/api/v1/arena/battles', { headers, data: { prompt: `Write a Python function ${i} e2e-arena` } });
    expect(battle.status()).toBe(201);
    const body = (await battle.json()) as { battleId: string; answers: { A: string; B: string } };
    const winner = body.answers.A.includes('hash map') ? 'a' : body.answers.B.includes('hash map') ? 'b' : 'tie';
    const vote = await request.post(`/api/v1/arena/battles/${encodeURIComponent(body.battleId)}/vote`, { headers, data: { winner } });
    expect(vote.status()).toBe(200);
  }
  await expect
    .poll(async () => {
      const board = (await (await request.get('/api/v1/leaderboard')).json()) as {
        categories: Array<{ category: string; sample: boolean }>;
      };
      return board.categories.filter((c) => !c.sample).map((c) => c.category);
    })
    .toEqual(expect.arrayContaining(['Overall', 'Coding']));

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/leaderboard');
  const panel = page.getByRole('tabpanel');
  await expect(page.getByTestId('leaderboard-status')).toContainText('Real rankings from');
  await expect(page.getByTestId('leaderboard-status')).toContainText('last update');
  await expect(panel.getByRole('columnheader')).toHaveText(['Rank', 'Model', 'Score', 'Description']);
  await expect(panel.locator('tbody tr')).toHaveCount(3);
  await expect(panel.locator('tbody tr').first()).toContainText('Alpha GPT');
  await expect(panel.locator('tbody tr').first().locator('td').nth(2)).toContainText('95 % CI');
  await expect(panel.locator('tbody tr').first().locator('td').nth(3)).toContainText('votes');
  await page.getByRole('tab', { name: 'Coding' }).click();
  await expect(page.getByTestId('leaderboard-status')).toContainText('Real rankings from');
  await page.getByRole('tab', { name: 'Latest News' }).click();
  await expect(page.getByTestId('leaderboard-status')).toHaveText('Sample data for illustration: not the result of a benchmark run.');
  await expect(panel.locator('tbody tr')).toHaveCount(9);
  await page.getByRole('tab', { name: 'Overall' }).click();
  await saveScreenshot(page, 'leaderboard-real-desktop');
  await page.setViewportSize({ width: 360, height: 780 });
  await saveScreenshot(page, 'leaderboard-real-phone');
  await expectNoSeriousA11yViolations(page);
});

import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, randomIp, saveScreenshot } from './fixtures';
import { behave } from './support/fake-llm';
import { keepLocale, SIZES } from './support/i18n-checks';
import { createOwnUser, type OwnServer, startOwnServer } from './support/own-server';

/** Which model is best in Tamil: an own server whose languages rank from three votes. */
const MIN_VOTES = 3;
const MARK = 'e2e-arena-language';

const test = base.extend<object, { arena: OwnServer }>({
  arena: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
    async ({}, use) => {
      const server = await startOwnServer('arena-language', { ARENA_MIN_VOTES: String(MIN_VOTES), ARENA_RECOMPUTE_SECONDS: '5' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
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

type Board = { categories: Array<{ category: string; sample: boolean }> };

/** Tamil battles through the API, each won by Alpha GPT when it answers (a tie otherwise). */
async function seedTamilVotes(request: APIRequestContext, arena: OwnServer) {
  const replies = { alpha: 'Alpha answers in Tamil.', beta: 'Beta answers in Tamil.', gamma: 'Gamma answers in Tamil.' };
  for (const [model, reply] of Object.entries(replies)) await behave(model, { reply, match: MARK });
  await behave('refiner', { reply: JSON.stringify({ category: 'Coding' }), match: MARK });
  const user = await createOwnUser(request, arena);
  const login = await request.post('/api/v1/login', { form: { username: user.email, password: user.password } });
  const headers = { authorization: `Bearer ${String(((await login.json()) as { access_token: string }).access_token)}` };
  for (let i = 0; i < MIN_VOTES; i += 1) {
    const prompt = `ஒரு கோப்பில் உள்ள சொற்களை எண்ணுவது எப்படி? ${i} ${MARK}`;
    const battle = await request.post('/api/v1/arena/battles', { headers, data: { prompt } });
    expect(battle.status()).toBe(201);
    const body = (await battle.json()) as { battleId: string; answers: { A: string; B: string } };
    const winner = body.answers.A === replies.alpha ? 'a' : body.answers.B === replies.alpha ? 'b' : 'tie';
    const vote = await request.post(`/api/v1/arena/battles/${encodeURIComponent(body.battleId)}/vote`, { headers, data: { winner } });
    expect(vote.status()).toBe(200);
  }
  await expect
    .poll(async () => ((await (await request.get('/api/v1/leaderboard?language=ta')).json()) as Board).categories, { timeout: 30_000 })
    .toContainEqual(expect.objectContaining({ category: 'Overall', sample: false }));
}

/** The Tamil votes' ranking (its three models, Alpha GPT first) in place of the sample's nine rows. */
async function expectTamilRanking(page: Page) {
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('tbody tr')).toHaveCount(3);
  await expect(panel.locator('tbody tr').first()).toContainText('Alpha GPT');
}

test('choosing Tamil on the leaderboard at 1440 px: the Tamil ranking, the sample for Hindi, every language again', async ({
  page,
  request,
  arena,
}) => {
  await seedTamilVotes(request, arena);
  await page.setViewportSize(SIZES.desktop);
  await page.goto('/leaderboard');
  const filter = page.getByRole('combobox', { name: 'Language of the questions' });
  await expect(filter).toHaveValue('all');
  // Every language is listed in its own script.
  await expect(filter.locator('option')).toHaveText([
    'All languages',
    'English',
    'हिन्दी',
    'বাংলা',
    'मराठी',
    'తెలుగు',
    'தமிழ்',
    'ગુજરાતી',
    'ಕನ್ನಡ',
    'മലയാളം',
    'ଓଡ଼ିଆ',
    'ਪੰਜਾਬੀ',
  ]);
  await expect(filter.locator('option[value="ta"]')).toHaveAttribute('lang', 'ta');

  await filter.selectOption({ label: 'தமிழ்' });
  await expect(page).toHaveURL(/\/leaderboard\?language=ta$/);
  await expect(page.getByTestId('leaderboard-status')).toContainText(`Real rankings from ${MIN_VOTES} blind votes`);
  await expectTamilRanking(page);
  await saveScreenshot(page, 'leaderboard-tamil-desktop');

  // No Hindi votes yet: the labelled sample, exactly as a category without enough votes.
  await filter.selectOption('hi');
  await expect(page.getByTestId('leaderboard-status')).toHaveText('Sample data for illustration: not the result of a benchmark run.');
  await expect(page.getByRole('tabpanel').locator('tbody tr')).toHaveCount(9);

  await filter.selectOption('all');
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByTestId('leaderboard-status')).toContainText(`Real rankings from ${MIN_VOTES} blind votes`);
  await expectNoSeriousA11yViolations(page);
});

test('the Tamil ranking at 360 px in the Tamil interface: the filter wraps, nothing scrolls sideways', async ({ page }) => {
  await keepLocale(page, 'ta');
  await page.setViewportSize(SIZES.phone);
  await page.goto('/leaderboard');
  const filter = page.getByRole('combobox', { name: 'கேள்விகளின் மொழி' });
  await filter.selectOption({ label: 'தமிழ்' });
  await expect(page).toHaveURL(/\/leaderboard\?language=ta$/);
  await expectTamilRanking(page);
  const box = await filter.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(SIZES.phone.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SIZES.phone.width);
  await saveScreenshot(page, 'leaderboard-tamil-phone');
  await expectNoSeriousA11yViolations(page);
});

import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { randomIp } from './fixtures';
import { behave } from './support/fake-llm';
import { SIZES } from './support/i18n-checks';
import { createOwnUser, type OwnServer, startOwnServer } from './support/own-server';
import { checkScreen, keepNow } from './support/site-checks';
import { type E2EUser, signIn } from './support/users';

/**
 * The arena and the real leaderboard in Hindi and Tamil at 360 and 1440 px (issue 24), on a server of
 * their own (its votes never reach the shared server, whose leaderboard stays a sample): a blind
 * battle, the vote, the revealed names (model output and names are skipped by the stray-word check),
 * then rankings from real votes with their ordinal ranks and vote counts.
 */
const MIN_VOTES = 4;

const test = base.extend<object, { arena: OwnServer }>({
  arena: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
    async ({}, use) => {
      const server = await startOwnServer('i18n-arena', { ARENA_MIN_VOTES: String(MIN_VOTES), ARENA_RECOMPUTE_SECONDS: '5' });
      await use(server);
      await server.stop();
    },
    // Starting a server takes a while on a busy machine.
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
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const LANGUAGES = [
  {
    code: 'hi',
    script: /\p{Script=Devanagari}/u,
    prompt: 'आपका प्रॉम्प्ट',
    start: 'बैटल शुरू करें',
    modelA: /^मॉडल ए/,
    vote: 'ए बेहतर है',
    result: 'नतीजा',
    firstRank: '1ला',
  },
  {
    code: 'ta',
    script: /\p{Script=Tamil}/u,
    prompt: 'உங்கள் ப்ராம்ப்ட்',
    start: 'போட்டியைத் தொடங்கு',
    modelA: /^மாடல் ஏ/,
    vote: 'ஏ சிறந்தது',
    result: 'முடிவு',
    firstRank: '1-வது',
  },
] as const;

/** Each model answers arena prompts with its own text (never its name); the classifier says Coding. */
async function scriptModels() {
  const replies = {
    alpha: 'Use a **hash map** to count the words, then sort by count.',
    beta: 'Split the text, then fold it into a dictionary of counts.',
    gamma: 'A Counter from the collections module does it in one line.',
  };
  for (const [model, reply] of Object.entries(replies)) await behave(model, { reply, match: 'e2e-i18n-arena' });
  await behave('refiner', { reply: JSON.stringify({ category: 'Coding' }), match: 'e2e-i18n-arena' });
}

/** Votes for the hash-map answer through the API until Overall and Coding have real rankings. */
async function seedVotes(request: APIRequestContext, user: E2EUser) {
  const login = await request.post('/api/v1/login', { form: { username: user.email, password: user.password } });
  const token = String(((await login.json()) as { access_token: string }).access_token);
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < MIN_VOTES + 2; i += 1) {
    const battle = await request.post('/api/v1/arena/battles', {
      headers,
      data: { prompt: `Write a Python function ${i} e2e-i18n-arena` },
    });
    expect(battle.status()).toBe(201);
    const body = (await battle.json()) as { battleId: string; answers: { A: string; B: string } };
    const winner = body.answers.A.includes('hash map') ? 'a' : body.answers.B.includes('hash map') ? 'b' : 'tie';
    const vote = await request.post(`/api/v1/arena/battles/${encodeURIComponent(body.battleId)}/vote`, { headers, data: { winner } });
    expect(vote.status()).toBe(200);
  }
}

for (const lang of LANGUAGES) {
  test(`${lang.code}: a blind battle and the real leaderboard at 360 and 1440 px`, async ({ page, request, arena }) => {
    await scriptModels();
    const user = await createOwnUser(request, arena);
    await signIn(page, user);
    await keepNow(page, lang.code);
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await page.goto('/arena');
      await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-arena-${size}`);
      await page.getByRole('textbox', { name: lang.prompt }).fill('How do I count words in a file? e2e-i18n-arena');
      await page.getByRole('button', { name: lang.start }).click();
      await expect(page.getByRole('region', { name: lang.modelA })).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-arena-battle-${size}`);
      await page.getByRole('button', { name: lang.vote }).click();
      await expect(page.getByRole('region', { name: lang.result })).toContainText(/Alpha GPT|Beta Claude|Gamma Gemini/);
      await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-arena-result-${size}`);
    }

    await seedVotes(request, user);
    await expect
      .poll(async () => {
        const board = (await (await request.get('/api/v1/leaderboard')).json()) as {
          categories: Array<{ category: string; sample: boolean }>;
        };
        return board.categories.filter((c) => !c.sample).map((c) => c.category);
      })
      .toEqual(expect.arrayContaining(['Overall', 'Coding']));
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await page.goto('/leaderboard');
      const status = page.getByTestId('leaderboard-status');
      await expect(status).toContainText(lang.script);
      await expect(page.getByRole('tabpanel').locator('tbody tr').first().locator('td').first()).toHaveText(lang.firstRank);
      await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-leaderboard-real-${size}`);
    }
  });
}

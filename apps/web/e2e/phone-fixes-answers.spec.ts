import { expect, test } from './fixtures';
import { behave } from './support/fake-llm';
import { expectTappable, SIZES, shot } from './support/phone-checks';
import { createUser, signIn } from './support/users';

/** Issue 12 ("Phones first"), items 7 to 12: answers, slides, tools and a clean console at a phone and a desktop width. */
for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`item 7: every "N cal" is bold, also inside text that is already bold (${size})`, async ({ page, request }) => {
      await signIn(page, await createUser(request));
      await behave('fusion', {
        match: 'e2e-cal-highlight',
        reply: 'Breakfast: **2 idlis, 240 cal**\nLunch: **150 cal** of dal\nIn all 390 cal today.',
      });
      await page.goto('/tools/calorie');
      await page.getByLabel('Describe the food').fill('idli and dal e2e-cal-highlight');
      await page.getByRole('button', { name: 'Analyze Calories' }).click();
      const answer = page.getByTestId('tool-answer');
      await expect(answer).toContainText('390 cal', { timeout: 15_000 });
      // The answer is Markdown (the chat's renderer): the figures are set in bold.
      for (const figure of ['240 cal', '150 cal', '390 cal'])
        await expect(answer.locator('strong', { hasText: figure }).first()).toBeVisible();
      await expect(answer).not.toContainText('**');
    });

    test(`item 8: an HTML page instead of an answer reads "Invalid JSON response from server" (${size})`, async ({ page, request }) => {
      await signIn(page, await createUser(request));
      await page.route('**/ai/v1/agent/GenerateAnswer', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>' }),
      );
      const box = page.getByRole('textbox', { name: 'Your prompt' });
      await box.fill('Proxy trouble');
      await box.press('Enter');
      await page.getByRole('article', { name: 'Your Prompt' }).getByRole('button', { name: 'Use' }).click();
      await expect(page.getByRole('article', { name: 'Error' })).toContainText(
        'Failed to generate response: Invalid JSON response from server',
        { timeout: 15_000 },
      );
    });

    test(`item 9: each of the three feature slides has a description, four lines and a Learn More that can be tapped (${size})`, async ({
      page,
    }) => {
      // A paused clock: only runFor moves the slide show, so no check can wait for a slide to come round again.
      await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
      await page.goto('/features');
      for (const title of ['AI Model Comparison', 'Prompt Enhancement Engine', 'Multimedia AI Suite']) {
        await page.getByRole('tab', { name: title }).click();
        // The slide a finger is on holds still long enough to read it and tap Learn More.
        await page.clock.runFor(9000);
        expect(await page.getByRole('tab', { name: title }).getAttribute('aria-selected')).toBe('true');
        const slide = page.getByRole('tabpanel', { name: title });
        await expect(slide.getByRole('heading', { level: 2, name: title })).toBeVisible();
        await expect(slide.getByRole('paragraph')).not.toBeEmpty();
        await expect(slide.getByRole('listitem')).toHaveCount(4);
        for (const item of await slide.getByRole('listitem').all()) await expect(item).toBeVisible();
        await expectTappable(slide.getByRole('link', { name: 'Learn More' }));
        if (size === 'phone') await shot(page, `features-slide-${title.split(' ')[0]?.toLowerCase()}-375`);
      }
      await expectTappable(page.getByRole('tab', { name: 'Prompt Enhancement Engine' }));
      const dot = await page.getByRole('tab', { name: 'Prompt Enhancement Engine' }).boundingBox();
      expect(Math.min(dot?.width ?? 0, dot?.height ?? 0)).toBeGreaterThanOrEqual(24);
      await page.getByRole('link', { name: 'Learn More' }).click();
      await expect(page).toHaveURL(/\/(chat|login)$/);
    });

    test(`item 10: an unknown birth place asks for a nearby city and keeps the form (${size})`, async ({ page, request }) => {
      await signIn(page, await createUser(request));
      await page.goto('/tools/astrology');
      await page.getByLabel('Full name').fill('Test Person');
      await page.getByLabel('Place of birth').fill('Atlantis');
      await page.getByLabel('Date of birth').fill('1990-01-01');
      await page.getByLabel('Time of birth').fill('22:30');
      await page.getByRole('button', { name: 'Consult the Stars' }).click();
      await expect(page.getByLabel('Place of birth')).toHaveAccessibleDescription(/Please enter a nearby city\./, { timeout: 15_000 });
      await expect(page.getByText(/cosmic energies/)).toHaveCount(0);
      await expect(page.getByLabel('Full name')).toHaveValue('Test Person');
      await expect(page.getByLabel('Place of birth')).toHaveValue('Atlantis');
      await expect(page.getByLabel('Time of birth')).toHaveValue('22:30');
      await expect(page.getByLabel('Place of birth')).toBeFocused();
      if (size === 'phone') await shot(page, 'astrology-unknown-place-375');
    });

    test(`item 11: every scripture book card shows a drawn icon (${size})`, async ({ page, request }) => {
      await signIn(page, await createUser(request));
      await page.goto('/tools/religion');
      const cards = page.getByTestId('book-card');
      await expect(cards).toHaveCount(8);
      for (const card of await cards.all()) {
        const img = card.locator('img');
        await expect(img).toBeVisible();
        const src = (await img.getAttribute('src')) ?? '';
        const svg = await (await request.get(src)).text();
        // A drawn icon: shapes only, no text that needs a font the device may lack.
        expect(svg, `${src} draws its icon`).not.toMatch(/<text/);
        expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }
      if (size === 'phone') await shot(page, 'scripture-books-375', true);
      else await shot(page, 'scripture-books-1440', true);
    });

    test(`item 12: a walk through every public page leaves the console clean (${size})`, async ({ page }) => {
      const noise: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') noise.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => noise.push(`pageerror: ${e.message}`));
      for (const path of [
        '/',
        '/features',
        '/about',
        '/pricing',
        '/leaderboard',
        '/policies/terms-of-use',
        '/policies/privacy-policy',
        '/delete',
        '/login',
        '/signup',
        '/forgot',
        '/no/such/page',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      }
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'About Sangam' })).toBeVisible();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Pricing in rupees, for everyone' })).toBeVisible();
      expect(noise).toEqual([]);
    });

    test(`item 12: a signed-in walk through the chat, the tools and the account pages leaves the console clean (${size})`, async ({
      page,
      request,
    }) => {
      const noise: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') noise.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => noise.push(`pageerror: ${e.message}`));
      await signIn(page, await createUser(request));
      for (const path of [
        '/chat',
        '/tools/religion',
        '/tools/astrology',
        '/tools/food',
        '/tools/calorie',
        '/tools/chanakyaniti',
        '/profile',
        '/settings',
        '/',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      }
      expect(noise).toEqual([]);
    });
  });
}

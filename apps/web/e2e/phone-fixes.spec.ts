import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { behave } from './support/fake-llm';
import { readLatestCode } from './support/outbox';
import { checkNoOverflow, expectTappable, SIGNED_IN_LINKS, SIGNED_OUT_LINKS, SIZES, shot } from './support/phone-checks';
import { createUser, type E2EUser, signIn } from './support/users';

/** Issue 12 ("Phones first") and the sign-out half of issue 11: each check at a phone and a desktop width. */
for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`item 1: the navigation shows every link where it can be tapped (${size})`, async ({ page }) => {
      await page.goto('/pricing');
      if (size === 'desktop') {
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const name of ['Features', 'About', 'Pricing', 'Tools', 'Leaderboard', 'Log In', 'Get Started'])
          await expectTappable(nav.getByRole(['Features', 'Tools'].includes(name) ? 'button' : 'link', { name, exact: true }));
        return;
      }
      const opener = page.getByRole('button', { name: 'Open menu' });
      await opener.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      const box = await menu.boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
      const items = menu.getByRole('navigation').locator('a, button');
      await expect(items).toHaveText(SIGNED_OUT_LINKS);
      for (const name of SIGNED_OUT_LINKS) await expectTappable(menu.getByRole(name === 'Features' ? 'button' : 'link', { name }));
      await shot(page, 'menu-public-375');
      await expectNoSeriousA11yViolations(page);
      // Focus stays inside: Tab from the last item wraps to the first, Shift+Tab from the first to the last.
      await menu.getByRole('link', { name: 'Get Started' }).focus();
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(menu.getByRole('link', { name: 'Get Started' })).toBeFocused();
      // Escape closes and gives focus back to the menu button.
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(opener).toBeFocused();
      // A tap on the link of the page you are on closes it too.
      await opener.click();
      await menu.getByRole('link', { name: 'Pricing' }).click();
      await expect(menu).toHaveCount(0);
      await expect(page).toHaveURL(/\/pricing$/);
      // And any navigation (here the browser's Back) closes it.
      await opener.click();
      await menu.getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await opener.click();
      await expect(menu).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(menu).toHaveCount(0);
    });

    test(`item 1: signed in, the menu of a tool page, the chat and the profile shows all 12 links (${size})`, async ({ page, request }) => {
      await signIn(page, await createUser(request));
      for (const [path, kind] of [
        ['/tools/astrology', 'tool'],
        ['/chat', 'chat'],
        ['/leaderboard', 'public-signed-in'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const opener = page.getByRole('button', { name: 'Open menu' });
        if (size === 'desktop') {
          await expect(opener).toBeHidden();
          continue;
        }
        await shot(page, `${kind}-375`);
        await opener.click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByRole('navigation').locator('a, button')).toHaveText(SIGNED_IN_LINKS);
        for (const name of SIGNED_IN_LINKS)
          await expectTappable(menu.getByRole(['Features', 'Sign Out'].includes(name) ? 'button' : 'link', { name }));
        await shot(page, `menu-${kind}-375`);
        await page.keyboard.press('Escape');
        await expect(menu).toHaveCount(0);
      }
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Nutrie AI' }).click();
        await expect(page).toHaveURL(/\/tools\/calorie$/);
        await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
      }
    });

    test(`item 1: the auth pages offer the menu on a phone (${size})`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (size === 'phone') await shot(page, 'auth-login-375');
      const opener = page.getByRole('button', { name: 'Open menu' });
      if (size === 'desktop') {
        await expect(opener).toBeHidden();
        return;
      }
      await opener.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu.getByRole('navigation').locator('a, button')).toHaveText(SIGNED_OUT_LINKS);
      for (const name of SIGNED_OUT_LINKS) await expectTappable(menu.getByRole(name === 'Features' ? 'button' : 'link', { name }));
      await shot(page, 'menu-auth-375');
      await menu.getByRole('link', { name: 'Log In' }).click();
      await expect(menu).toHaveCount(0);
      await expect(page).toHaveURL(/\/login$/);
    });

    test(`item 2: no page is wider than the screen; long code and tables scroll in their own box (${size})`, async ({ page, request }) => {
      await checkNoOverflow(page, request, viewport.width);
    });

    test(`item 3: auth pages send a signed-in user on, to /chat by default (${size})`, async ({ page, request }) => {
      await signIn(page, await createUser(request));
      for (const path of ['/signup/verify', '/reset', '/login', '/signup', '/forgot']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/chat$/);
      }
      // Reached from inside the app, the user goes back to the page they came from.
      await page.goto('/pricing');
      await page.evaluate(() => {
        window.history.pushState({ usr: { from: { pathname: '/pricing', search: '' } }, key: 'k1', idx: 1 }, '', '/reset');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
      await expect(page).toHaveURL(/\/pricing$/);
    });

    test(`item 4: /reset opened directly asks for the e-mail and resets the password (${size})`, async ({ page, request }) => {
      const user = await createUser(request);
      const signupCode = await readLatestCode(user.email);
      expect((await request.post('/api/v1/forgot-password', { data: { email: user.email } })).ok()).toBe(true);
      const code = await readLatestCode(user.email, { not: signupCode });
      await page.goto('/reset');
      const email = page.getByLabel('Email');
      await expect(email).toHaveValue('');
      await email.fill(user.email);
      await page.getByLabel('Reset code').fill(code);
      await page.getByLabel('New password', { exact: true }).fill('N3w!secret');
      await page.getByLabel('Confirm password', { exact: true }).fill('N3w!secret');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('status').filter({ hasText: /reset/i })).toBeVisible();
      await expect(page.getByText('Email is required')).toHaveCount(0);
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, { ...user, password: 'N3w!secret' });
    });

    test(`item 4: /reset reached from /forgot has the e-mail filled in (${size})`, async ({ page, request }) => {
      const user = await createUser(request);
      await page.goto('/forgot');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: /send/i }).click();
      await expect(page).toHaveURL(/\/reset$/);
      await expect(page.getByLabel('Email')).toHaveValue(user.email);
    });

    test(`item 5: sign-up messages show after touch and update on every change (${size})`, async ({ page }) => {
      await page.goto('/signup');
      const name = page.getByLabel('Full name');
      const username = page.getByLabel('Username');
      const email = page.getByLabel('Email');
      const password = page.getByLabel('Password', { exact: true });
      // Touched and left: the field says what is wrong, and the message goes as soon as it is fixed.
      await email.fill('priya');
      await email.blur();
      await expect(email).toHaveAccessibleDescription('Enter a valid email address');
      await email.pressSequentially('@example.com');
      await expect(email).not.toHaveAccessibleDescription('Enter a valid email address');
      await email.fill('');
      await page.getByRole('button', { name: 'Create Account' }).click();
      for (const field of [name, username, email, password]) await expect(field).toHaveAccessibleDescription('Enter valid details');
      await username.fill('priya123');
      await expect(username).toHaveAccessibleDescription('Username looks good!');
      await name.fill('Priya Nair');
      await expect(name).not.toHaveAccessibleDescription('Enter valid details');
      await expect(email).toHaveAccessibleDescription('Enter valid details');
      await email.fill('priya@example.com');
      await expect(email).not.toHaveAccessibleDescription('Enter valid details');
      await password.fill('Str0ng!pass');
      await expect(password).not.toHaveAccessibleDescription('Enter valid details');
      await username.fill('pr');
      await expect(username).toHaveAccessibleDescription('Enter valid details');
    });

    test(`item 6: a Chanakya failure is shown as an error, without signature, with a retry (${size})`, async ({ page, request }) => {
      await signIn(page, await createUser(request));
      const tag = `e2e-chanakya-retry-${Date.now()}`;
      await behave('fusion', { match: tag, reply: 'Test friends in adversity (Chapter 1, Verse 9).' });
      await page.route('**/ai/v1/agent/GenerateAnswer', (route) =>
        route.fulfill({ status: 502, json: { code: 'ALL_MODELS_FAILED', detail: 'Every AI model failed to answer.' } }),
      );
      await page.goto('/tools/chanakyaniti');
      const box = page.getByRole('textbox', { name: 'Your question for Chanakya' });
      await box.fill(`How do I know a friend? ${tag}`);
      await box.press('Enter');
      const card = page.getByRole('region', { name: "Chanakya's answer" });
      await expect(card.getByRole('alert')).toContainText('The ancient wisdom is temporarily unavailable. Please try again later.');
      // With the server's reason under it.
      await expect(card.getByRole('alert')).toContainText('Every AI model failed to answer.');
      await expect(page.getByText('— Acharya Chanakya')).toHaveCount(0);
      await expect(page.getByText(/aims for accuracy/)).toHaveCount(0);
      await expect(page.getByTestId('caret')).toHaveCount(0);
      if (size === 'phone') await shot(page, 'chanakya-error-375');
      await page.unroute('**/ai/v1/agent/GenerateAnswer');
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByTestId('chanakya-answer')).toContainText('Chapter 1, Verse 9', { timeout: 15_000 });
      await expect(page.getByText('— Acharya Chanakya')).toBeVisible({ timeout: 15_000 });
      await expect(card.getByRole('alert')).toHaveCount(0);
    });
  });
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('item 2: no page is wider than the screen; long code and tables scroll in their own box (360 px)', async ({ page, request }) => {
    await checkNoOverflow(page, request, 360);
  });
});

test.describe('sign-out', () => {
  test.use({ viewport: SIZES.desktop });

  /** Signs out through the avatar menu of a public page. */
  async function signOut(page: Page) {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  }

  test('issue 11.15: sign-out empties local storage, so the next user of the browser never sees the chats', async ({ page, request }) => {
    const first: E2EUser = await createUser(request);
    const second: E2EUser = await createUser(request);
    await signIn(page, first);
    const box = page.getByRole('textbox', { name: 'Your prompt' });
    await box.fill('First user secret e2e-isolation');
    await box.press('Enter');
    await expect(page).toHaveURL(/submission$/);
    // Issue 13: the server creates the chat with its first answer; the local list caches the server's chats by id.
    await page.getByRole('article', { name: 'Your Prompt' }).getByRole('button', { name: 'Use' }).click();
    await expect(page.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    const chatId = /\/chat\/([0-9a-f-]+)/.exec(page.url())?.[1] ?? 'missing';
    await page.goto('/chat');
    await expect(page.getByRole('listitem').filter({ hasText: /Sangam Chat/ })).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('chatSessions'))).toContain(chatId);
    await signOut(page);
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'theme'));
    expect(left).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    // The second user signs in on the same browser (same context, same tab).
    await signIn(page, second);
    await expect(page.getByRole('heading', { name: 'What would you like to know?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your chats' })).toHaveCount(0);
    await expect(page.getByText('e2e-isolation')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('chatSessions') ?? '')).not.toContain(chatId);
    // And the first user, back on this browser, still has the chat (the server keeps it).
    await signOut(page);
    await signIn(page, first);
    await expect(page.getByRole('listitem').filter({ hasText: /Sangam Chat/ })).toHaveCount(1);
  });
});

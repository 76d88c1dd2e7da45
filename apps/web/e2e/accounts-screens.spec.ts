import { expect, expectNoSeriousA11yViolations, saveScreenshot, test, VIEWPORTS } from './fixtures';
import { createUser, signIn } from './support/users';

const PUBLIC_SCREENS = [
  { path: '/login', slug: 'login', heading: 'Sangam' },
  { path: '/signup', slug: 'signup', heading: 'Create your account' },
  { path: '/signup/verify', slug: 'verify', heading: 'Verify your email' },
  { path: '/forgot', slug: 'forgot', heading: 'Forgot password' },
  { path: '/reset', slug: 'reset', heading: 'Reset password' },
  { path: '/delete', slug: 'delete', heading: 'Delete account' },
] as const;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`every account screen passes axe and fits without sideways scrolling (${size})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    for (const screen of PUBLIC_SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      expect(await fitsWidth(), `${screen.path} scrolls sideways`).toBe(true);
      await saveScreenshot(page, `accounts-${screen.slug}-${size}`);
      await expectNoSeriousA11yViolations(page);
    }

    await signIn(page, await createUser(request));
    for (const [path, heading] of [
      ['/profile', 'Profile'],
      ['/settings', 'Settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await fitsWidth(), `${path} scrolls sideways`).toBe(true);
      await saveScreenshot(page, `accounts${path.replace('/', '-')}-${size}`);
      await expectNoSeriousA11yViolations(page);
    }
  });
}

import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { createUser, signIn } from './support/users';

test('the light theme from Settings applies to every screen, stays readable and survives a reload', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'false');
  // A light page with dark text, checked by axe's colour-contrast rule on each screen.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(248, 250, 252)');
  for (const [path, name] of [
    ['/settings', 'settings'],
    ['/chat', 'chat'],
    ['/', 'landing'],
    ['/pricing', 'pricing'],
    ['/tools/calorie', 'calorie'],
  ] as const) {
    await page.goto(path);
    await page.waitForTimeout(1200);
    await saveScreenshot(page, `light-${name}-desktop`);
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

import { FEATURES_SCROLL_DELAY_MS } from '../src/config/timings';
import { appReady, expect, expectNoSeriousA11yViolations, saveScreenshot, test, VIEWPORTS } from './fixtures';
import { pauseClock } from './support/clock';

const PUBLIC_PAGES = [
  { path: '/', name: 'landing', heading: /Many AI models\. One answer\./ },
  { path: '/features', name: 'features', heading: 'Features built for better answers' },
  { path: '/about', name: 'about', heading: 'About Sangam' },
  { path: '/pricing', name: 'pricing', heading: 'Pricing in rupees, for everyone' },
  { path: '/leaderboard', name: 'leaderboard', heading: 'AI Model Leaderboard' },
  { path: '/policies/terms-of-use', name: 'terms', heading: 'Terms & Conditions' },
  { path: '/policies/privacy-policy', name: 'privacy', heading: 'Privacy Policy' },
];

for (const page of PUBLIC_PAGES) {
  test(`${page.name} shows its heading, passes axe and is screenshotted at both sizes`, async ({ page: p }) => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await p.setViewportSize(viewport);
      await p.goto(page.path);
      await expect(p.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
      await saveScreenshot(p, `${page.name}-${size}`);
    }
    await expectNoSeriousA11yViolations(p);
  });
}

test('the header carries the Beta label and the footer its groups and copyright', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('banner').getByText('(Beta)')).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const group of ['Product', 'Company', 'Support']) await expect(footer.getByRole('heading', { name: group })).toBeVisible();
  for (const link of ['Privacy Policy', 'Terms of Service', 'Delete', 'About', 'Pricing'])
    await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible();
  await expect(footer).toContainText('© 2025 Sangam Labs');
});

test('signed out, the navigation offers Log In and Get Started and every tool', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/chat');
  await nav.getByRole('button', { name: 'Tools' }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(['Religion', 'Astrology', 'Chef AI', 'Nutrie AI', 'Chanakyaniti']);
  await items.filter({ hasText: 'Chef AI' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('Features from another page goes to the landing page and scrolls to the section 300 ms after it is shown', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  // The landing page's code arrives 4 s late, as on a slow phone or a busy machine: the scroll waits for it.
  await page.route(/\/assets\/landing-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  await page.clock.install();
  await page.goto('/pricing');
  await pauseClock(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  const features = page.locator('#features');
  await expect(features).toBeAttached();
  // The landing page is shown at the top and stays there for the first 300 ms.
  await page.waitForTimeout(150);
  await page.clock.runFor(FEATURES_SCROLL_DELAY_MS - 1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.clock.runFor(FEATURES_SCROLL_DELAY_MS + 1);
  await expect(features).toBeInViewport();
  // The scroll holds: nothing sends the page back to the top afterwards.
  await page.clock.runFor(2000);
  await expect(features).toBeInViewport();
});

test('an unknown path shows the landing page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { level: 1, name: /Many AI models/ })).toBeVisible();
  await expect(page.locator('#features')).toHaveCount(1);
});

test('every page change scrolls to the top', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/policies/terms-of-use');
  await expect(page.locator('#section-14')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 3000));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Sangam' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the landing prompt box sends on Enter, not on Shift+Enter, and carries the prompt toward /chat', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Ask Sangam anything' });
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await box.fill('Plan a trip');
  await box.press('Shift+Enter');
  await box.pressSequentially('to Hampi');
  await expect(box).toHaveValue('Plan a trip\nto Hampi');
  for (let i = 0; i < 8; i += 1) await box.press('Shift+Enter');
  expect(await box.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(120);
  await box.press('Enter');
  // /chat is protected: a signed-out visitor is sent to /login.
  await expect(page).toHaveURL(/\/login$/);
});

/** Freezes the page clock so only runFor moves time (real time would move it on a slow machine). */
async function freezeClock(page: import('@playwright/test').Page) {
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
}

test('the name rotates through Indian scripts every 4000 ms', async ({ page }) => {
  await freezeClock(page);
  await page.goto('/');
  await appReady(page);
  const name = page.getByTestId('rotating-name');
  await expect(name).toHaveText('संगम');
  await page.clock.runFor(3900);
  await expect(name).toHaveText('संगम');
  await page.clock.runFor(200);
  await expect(name).toHaveText('সঙ্গম');
  await page.clock.runFor(4000);
  await expect(name).toHaveText('சங்கமம்');
});

test('the hero video loops muted inline with a poster, and reduced motion stops it', async ({ page, browser }) => {
  await page.goto('/');
  await appReady(page);
  const video = page.getByTestId('hero-video');
  await expect(video).toHaveAttribute('poster', '/media/hero-poster.jpg');
  expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay, v.playsInline])).toEqual([true, true, true, true]);
  const reduced = await browser.newContext({ reducedMotion: 'reduce', baseURL: process.env.E2E_BASE_URL });
  const still = await reduced.newPage();
  await freezeClock(still);
  await still.goto('/');
  await appReady(still);
  expect(await still.getByTestId('hero-video').evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(false);
  await still.clock.runFor(9000);
  await expect(still.getByTestId('rotating-name')).toHaveText('संगम');
  await reduced.close();
});

test('features slides rotate every 4000 ms through the three slides', async ({ page }) => {
  await freezeClock(page);
  await page.goto('/features');
  const visible = page.getByTestId('slide').filter({ visible: true });
  await expect(visible.getByRole('heading', { level: 2 })).toHaveText('AI Model Comparison');
  await page.clock.runFor(4000);
  await expect(visible.getByRole('heading', { level: 2 })).toHaveText('Prompt Enhancement Engine');
  await page.clock.runFor(4000);
  await expect(visible.getByRole('heading', { level: 2 })).toHaveText('Multimedia AI Suite');
  for (const line of ['Recipes from a food photo or text']) await expect(visible).toContainText(line);
  await expect(visible.getByRole('link', { name: 'Learn More' })).toBeVisible();
  await expect(page.getByTestId('feature-card')).toHaveText([
    /Smart Analytics/,
    /Enterprise Security/,
    /Custom Workflows/,
    /Lightning Fast/,
  ]);
});

test('pricing defaults to annual, shows INR prices and savings, and toggles to monthly', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Annually' })).toHaveAttribute('aria-pressed', 'true');
  const cards = page.getByTestId('plan-card');
  await expect(cards).toHaveCount(6);
  const basic = cards.filter({ has: page.getByRole('heading', { name: 'Basic', exact: true }) });
  await expect(basic.getByTestId('plan-price')).toHaveText('₹3,999');
  await expect(basic.getByTestId('plan-saving')).toHaveText('Save ₹789 a year');
  const plus = cards.filter({ has: page.getByRole('heading', { name: 'Universe Plus' }) });
  await expect(plus).toContainText('Most popular');
  await expect(plus).toContainText('2,00,000 tokens a month');
  await expect(cards.filter({ has: page.getByRole('heading', { name: 'Pro+' }) }).getByTestId('plan-saving')).toHaveText(
    'Save ₹7,989 a year',
  );
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(basic.getByTestId('plan-price')).toHaveText('₹399');
  await expect(cards.filter({ has: page.getByRole('heading', { name: 'Universe Lite' }) }).getByTestId('plan-price')).toHaveText('₹99');
  await expect(page.getByText('20%')).toHaveCount(0);
  await expect(basic.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
});

test('leaderboard has 10 category tabs of 9 ranked rows, labelled sample data', async ({ page }) => {
  await page.goto('/leaderboard');
  await expect(page.getByText(/Sample data/)).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(10);
  for (const name of ['Overall', 'Coding', 'Latest News']) {
    await page.getByRole('tab', { name }).click();
    const rows = page.getByRole('tabpanel').locator('tbody tr');
    await expect(rows).toHaveCount(9);
    await expect(page.getByRole('tabpanel').getByRole('columnheader')).toHaveText(['Rank', 'Model', 'Score', 'Description']);
    const scores = (await rows.locator('td:nth-child(3)').allInnerTexts()).map(Number);
    expect(Math.max(...scores)).toBeLessThanOrEqual(96);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(74);
  }
});

test('terms have 14 anchored sections with a sidebar and the effective date; privacy has 10', async ({ page }) => {
  await page.goto('/policies/terms-of-use');
  await expect(page.getByText('Effective date: September 28, 2025')).toBeVisible();
  for (let i = 1; i <= 14; i += 1) await expect(page.locator(`#section-${i}`)).toHaveCount(1);
  await expect(page.locator('#section-15')).toHaveCount(0);
  const sidebar = page.getByRole('navigation', { name: 'Quick navigation' });
  await expect(sidebar.getByRole('link')).toHaveCount(14);
  await sidebar.getByRole('link', { name: '11. Governing Law' }).click();
  await expect(page).toHaveURL(/#section-11$/);
  await expect(page.locator('#section-11')).toContainText('Bengaluru');
  await expect(page.locator('#section-1')).toContainText('18');
  await page.goto('/policies/privacy-policy');
  await expect(page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link')).toHaveCount(10);
  for (let i = 1; i <= 10; i += 1) await expect(page.locator(`#section-${i}`)).toHaveCount(1);
  await expect(page.locator('#section-6')).toContainText('72 hours');
  await expect(page.locator('#section-5')).toContainText('30-day backup');
});

test('on a phone the overlay menu repeats the links and closes on navigation', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const link of ['About', 'Pricing', 'Leaderboard', 'Religion', 'Chanakyaniti', 'Log In', 'Get Started'])
    await expect(menu.getByRole('link', { name: link })).toBeVisible();
  await saveScreenshot(page, 'mobile-menu-phone');
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing in rupees, for everyone' })).toBeVisible();
});

import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';
import { behave } from './support/fake-llm';
import { keepLocale, SIZES } from './support/i18n-checks';
import { createUser, signIn } from './support/users';

/**
 * The Indian scripts' fonts (issue 24): self-hosted Noto Sans faces split by unicode-range. An English
 * visitor downloads none of them (the language menu included); a Hindi or Tamil visitor downloads
 * their script's face only, the page's text is drawn in it, and nothing shifts when it arrives. The
 * serif text (the Chanakya Niti parchment) is drawn in each script's Noto Serif face, never as boxes.
 */
const INDIC_FONT = /noto-sans-(devanagari|bengali|tamil|telugu|gujarati|kannada|malayalam|oriya|gurmukhi)-.*\.woff2$/;

/** The woff2 files the page requests, by script. */
function fontRequests(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const match = INDIC_FONT.exec(request.url());
    if (match?.[1]) scripts.push(match[1]);
  });
  return scripts;
}

/** The sum of the page's layout shifts so far (the CLS of a page that has not been interacted with). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number }[];
          resolve(entries.reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );

/** The web fonts Chromium actually drew an element's text with (DevTools' "Rendered fonts"), by their own names. */
async function renderedFonts(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.filter((f) => f.isCustomFont).map((f) => f.familyName);
}

test.use({ viewport: SIZES.phone });

test('English: no Indian-script font is downloaded, the language menu open included', async ({ page }) => {
  const requested = fontRequests(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Language/ })
    .click();
  await expect(page.getByRole('menuitemradio', { name: 'தமிழ்' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  expect(await page.evaluate(() => [...document.fonts].filter((f) => f.status !== 'unloaded').map((f) => f.family))).toEqual([]);
  await saveScreenshot(page, 'i18n-fonts-en-menu-phone');
});

const SCRIPTS = [
  { code: 'hi', script: 'devanagari', family: 'Noto Sans Devanagari Variable', drawnIn: 'Noto Sans Devanagari' },
  { code: 'ta', script: 'tamil', family: 'Noto Sans Tamil Variable', drawnIn: 'Noto Sans Tamil' },
] as const;

for (const { code, script, family, drawnIn } of SCRIPTS) {
  test(`${code}: only the ${script} face is downloaded, drawn before the first paint, with no layout shift`, async ({ page }) => {
    const requested = fontRequests(page);
    await page.addInitScript((locale) => localStorage.setItem('sangam.locale', locale), code);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([script]);
    expect(await page.evaluate((f) => [...document.fonts].filter((face) => face.family === f).map((face) => face.status), family)).toEqual([
      'loaded',
    ]);
    expect(await renderedFonts(page, 'h1')).toEqual([drawnIn]);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await saveScreenshot(page, `i18n-fonts-${code}-landing-phone`);
  });
}

/** The serif text of the Chanakya card: its Devanagari heading, the sage's signature and the edition line. */
const SERIF_TEXT = [
  'section h2.font-serif',
  '[data-testid="chanakya-answer"] footer p.text-right',
  '[data-testid="citation-edition"]',
] as const;

const SERIF_SCRIPTS = [
  { code: 'hi', script: /\p{Script=Devanagari}/u, drawnIn: 'Noto Serif Devanagari' },
  { code: 'ta', script: /\p{Script=Tamil}/u, drawnIn: 'Noto Serif Tamil' },
  { code: 'bn', script: /\p{Script=Bengali}/u, drawnIn: 'Noto Serif Bengali' },
] as const;

for (const { code, script, drawnIn } of SERIF_SCRIPTS) {
  test(`${code}: the Chanakya card's serif text is drawn in Noto Serif, not as boxes`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = `e2e-serif-${code}-${Date.now()}`;
    await signIn(page, await createUser(request));
    await keepLocale(page, code);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await behave('fusion', { reply: `Be steadfast. ${tag}`, match: tag });
    await page.goto('/tools/chanakyaniti');
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    const box = page.locator('textarea');
    await box.fill(tag);
    await box.press('Enter');
    await expect(page.locator(SERIF_TEXT[1])).toContainText(script, { timeout: 30_000 });
    await expect(page.locator(SERIF_TEXT[2])).toContainText(script);
    await page.evaluate(() => document.fonts.ready);
    for (const selector of SERIF_TEXT) {
      const face = selector === SERIF_TEXT[0] ? 'Noto Serif Devanagari' : drawnIn;
      // The text's Indian letters have a loaded face (the heading is Sanskrit, in Devanagari, in every language)...
      const isLoaded = await page.locator(selector).evaluate((el, family) => {
        const letters = (el.textContent ?? '').replace(/[\p{Script=Latin}\p{Script=Common}]/gu, '');
        return letters.length > 0 && document.fonts.check(`16px "${family} Variable"`, letters);
      }, face);
      expect(isLoaded, selector).toBe(true);
      // ...and Chromium drew them with it, not with the system's serif face (on Linux, Liberation Serif's boxes).
      expect(await renderedFonts(page, selector), selector).toEqual([face]);
    }
    await saveScreenshot(page, `i18n-fonts-${code}-chanakya-serif-phone`);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { ChatPage } from './support/chat-page';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');
export const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } } as const;

/** The base test: baseURL points at the server that global-setup started. */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** The base test with `chat`, the chat screen's page object over the test's page. */
export const test = base.extend<{ chat: ChatPage }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // Every test is its own client address, as real users are, so per-IP limits apply per test.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomIp() });
  },
  chat: async ({ page }, use) => {
    await use(new ChatPage(page));
  },
});
export { expect };

/**
 * Fails on any serious or critical axe violation. Entrance animations (a fade-up of 500 ms) are let
 * finish first: axe reads the colours of an element mid-fade, half transparent, as too little contrast.
 * Endless ones (the rotating name, a spinner) are not waited for.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // At most 2 s, timed here (the page's timers may be frozen by a test's fake clock).
  await Promise.race([
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    ),
    new Promise((done) => setTimeout(done, 2000)),
  ]);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Saves a full-page screenshot (git-ignored) to look at. */
export async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Waits until React has taken over the page: the prerendered landing page (decision 017) shows before
 * its code runs, and its clocks, videos and buttons start only then. Polled from here, not with the
 * page's timers (a test may have frozen them).
 */
export async function appReady(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.getElementById('root');
          return (
            !!root &&
            !root.hasAttribute('inert') &&
            Object.keys(document.getElementById('main') ?? {}).some((k) => k.startsWith('__reactFiber'))
          );
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

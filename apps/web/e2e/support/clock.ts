import type { Page } from '@playwright/test';

/**
 * Stops the page's fake clock (installed with `page.clock.install()`), a second on from now; from
 * then on only `runFor` and `fastForward` move it. The network still runs in real time.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * The tools' fit check: as `expectFits` (support/i18n-checks.ts), except for the content of a region
 * that scrolls sideways by design (the graha and nutrition tables' ScrollRegion, Compare All's row),
 * whose own box must still fit. The page itself may never scroll sideways.
 */
export async function expectFitsBesideScrollRegions(page: Page) {
  const { scroll, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const insideScroller = (el: HTMLElement) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrollsSideways(p)) return true;
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().right > width + 1)
      .filter((el) => getComputedStyle(el).position !== 'fixed' && !el.closest('[aria-hidden="true"], canvas'))
      .filter((el) => !insideScroller(el))
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.innerText || el.getAttribute('aria-label') || '').slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth - width, wide };
  });
  expect(wide).toEqual([]);
  expect(scroll).toBeLessThanOrEqual(0);
}

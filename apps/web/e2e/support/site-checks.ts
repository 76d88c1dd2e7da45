import type { Page } from '@playwright/test';
import { expect, saveScreenshot } from '../fixtures';
import { GLOSSARY } from './i18n-checks';

/**
 * Latin words the public site, pricing, arena, developer and billing screens may show besides the
 * glossary: names (Razorpay, OpenAI, OpenRouter, the plans), the currency code, the programming
 * languages of the code tabs, the `sangam` request field, and the Argon2id algorithm (split at its digit).
 */
const SITE_NAMES = new Set([
  ...GLOSSARY,
  'Razorpay',
  'OpenAI',
  'OpenRouter',
  'INR',
  'curl',
  'JavaScript',
  'Python',
  'sangam',
  'Argon',
  'id',
  'Basic',
  'Pro',
  'Lite',
  'Plus',
  'Max',
  'Free',
]);

/**
 * Text that is never translated is skipped: model output, user-typed text (and a text box's value), model, plan and key names
 * (`translate="no"`), code samples and identifiers (`code`, `pre`), and the English-only legal text
 * and API messages (`lang="en"`).
 */
const SKIPPED = '[translate="no"], [lang="en"], code, pre, script, style';

/**
 * The Latin-script words of `selector`'s text (hidden slides and screen-reader text included) and of
 * its labels (`aria-label`, `placeholder`, `title`, `alt`), outside the glossary and the skipped parts.
 */
export async function strayWords(page: Page, selector: string) {
  const texts = await page.locator(selector).evaluateAll((roots, skipped) => {
    const out: string[] = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest(`${skipped}, textarea`)) out.push(node.textContent ?? '');
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (el.closest(skipped)) continue;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) out.push(el.getAttribute(name) ?? '');
      }
    }
    return out;
  }, SKIPPED);
  const words = texts.join(' ').match(/\p{Script=Latin}+/gu) ?? [];
  return [...new Set(words.filter((w) => !SITE_NAMES.has(w)))];
}

/**
 * Nothing sticks out past the viewport and the page does not scroll sideways. Content inside a
 * sideways-scrolling region (the tables, the category tabs, the code samples) scrolls within it, so
 * only the region itself must fit.
 */
export async function expectFitsWithScrollers(page: Page) {
  const result = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().right > width + 1)
      .filter((el) => getComputedStyle(el).position !== 'fixed' && !el.closest('[aria-hidden="true"], canvas'))
      .filter((el) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (scrolls(up)) return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.innerText || el.getAttribute('aria-label') || '').slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth - width, wide };
  });
  expect(result.wide).toEqual([]);
  expect(result.scroll).toBeLessThanOrEqual(0);
}

/** The page is in `lang`, its `region` has no stray English, and it fits; a screenshot to look at. */
export async function checkScreen(page: Page, lang: { code: string; script: RegExp }, region: string, shot: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
  await expect(page.locator(region).first()).toContainText(lang.script);
  expect(await strayWords(page, region), shot).toEqual([]);
  await expectFitsWithScrollers(page);
  await saveScreenshot(page, shot);
}

/** Keeps `code` as the chosen language from the next page on (after signing in through the English login). */
export async function keepNow(page: Page, code: string) {
  await page.evaluate((c) => localStorage.setItem('sangam.locale', c), code);
}

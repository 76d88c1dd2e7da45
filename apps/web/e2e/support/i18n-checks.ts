import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Checks shared by the translated-screen journeys (issue 24). */
export const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 360, height: 800 } } as const;

/**
 * Latin words allowed in translated text (docs/i18n.md's glossary): the product and company names, the
 * mode names, model names, and the SI unit of the response-time claim.
 */
export const GLOSSARY = new Set(['Sangam', 'Labs', 'Universe', 'mode', 'ms']);

/** The Latin-script words of the visible text of `selector`, outside the glossary (and what `allowed` matches). */
export async function strayLatinWords(page: Page, selector: string, allowed?: RegExp) {
  const texts = await page.locator(selector).allInnerTexts();
  const text = allowed ? texts.join(' ').replace(allowed, ' ') : texts.join(' ');
  const words = text.match(/\p{Script=Latin}+/gu) ?? [];
  return [...new Set(words.filter((w) => !GLOSSARY.has(w)))];
}

/** Elements (with their first words) that stick out past the viewport's right edge, and the page's sideways scroll. */
export async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().right > width + 1)
      .filter((el) => getComputedStyle(el).position !== 'fixed' && !el.closest('[aria-hidden="true"], canvas'))
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.innerText || el.getAttribute('aria-label') || '').slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth - width, wide };
  });
}

export async function expectFits(page: Page) {
  const { scroll, wide } = await overflow(page);
  expect(wide).toEqual([]);
  expect(scroll).toBeLessThanOrEqual(0);
}

/** Opens every later page of this test in `code` (the kept choice of the language menu, in localStorage). */
export async function keepLocale(page: Page, code: string) {
  await page.addInitScript((locale) => localStorage.setItem('sangam.locale', locale), code);
}

import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { behave } from './fake-llm';
import { createUser, signIn } from './users';

/** Checks for issue 12 ("Phones first"), shared by the phone-fixes journeys. */
export const SIZES = { phone: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } } as const;
export const SHOTS = '/work/wt/shots';

/** A screenshot of what the viewport shows, kept outside the repository to look at. */
export async function shot(page: Page, name: string, fullPage = false) {
  if (!fs.existsSync('/work/wt')) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** The element drawn at the centre of `target` is `target` itself (or inside it): a tap lands on it. */
export async function expectTappable(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.width > 0 && r.height > 0 && !!at && (el === at || el.contains(at));
  });
  expect(hit, `${await target.textContent()} can be tapped where it is drawn`).toBe(true);
}

/** No page is wider than the screen. */
export async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${page.url()} is ${scrollWidth - innerWidth} px wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

/** Item 2: no page is wider than the screen; long code and tables scroll inside their own box. */
export async function checkNoOverflow(page: Page, request: APIRequestContext, width: number) {
  const isPhone = width < 1024;
  for (const path of ['/', '/features', '/about', '/pricing', '/leaderboard', '/policies/terms-of-use', '/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await signIn(page, await createUser(request));
  await expect(page.getByRole('textbox', { name: 'Your prompt' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const longLine = `const veryLongIdentifierForAPhone = [${Array.from({ length: 40 }, (_, i) => `'item${i}'`).join(', ')}];`;
  const table = `| ${Array.from({ length: 12 }, (_, i) => `Column heading ${i}`).join(' | ')} |\n|${' --- |'.repeat(12)}\n| ${Array.from({ length: 12 }, (_, i) => `value ${i}`).join(' | ')} |`;
  await behave('fusion', { match: 'e2e-wide-chat', reply: `Here:\n\n\`\`\`js\n${longLine}\n\`\`\`\n\n${table}\n\nDone.` });
  const box = page.getByRole('textbox', { name: 'Your prompt' });
  await box.fill('Wide things e2e-wide-chat');
  await box.press('Enter');
  await page.getByRole('article', { name: 'Your Prompt' }).getByRole('button', { name: 'Use' }).click();
  const card = page.getByTestId('answer-card').first();
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  await expect(card.locator('pre')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The answer area itself never scrolls sideways: the code and the table each scroll in their own box.
  const content = card.getByTestId('answer-content');
  expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  /** Whether the nearest box that scrolls sideways around `el` is `el`'s own (the pre, or the table's wrapper). */
  const ownBoxScrolls = (el: Element, kind: string) => {
    let box: Element | null = el;
    while (box && !(box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === 'auto')) box = box.parentElement;
    return kind === 'code' ? !!box?.closest('pre') : box === el.parentElement;
  };
  if (isPhone) {
    expect(await card.locator('pre code').first().evaluate(ownBoxScrolls, 'code')).toBe(true);
    expect(await card.locator('table').first().evaluate(ownBoxScrolls, 'table')).toBe(true);
  }
  if (isPhone) await shot(page, `chat-answer-long-code-${width}`);
  await behave('fusion', { match: 'e2e-wide-recipe', reply: `Poha\nServings: 2\n\`\`\`\n${longLine}\n\`\`\`\n1. Rinse the poha.` });
  await page.goto('/tools/food');
  await page.getByLabel('Describe the food').fill('poha e2e-wide-recipe');
  await page.getByRole('button', { name: 'Get Recipe' }).click();
  await expect(page.getByRole('button', { name: 'Get Another Recipe' })).toBeVisible({ timeout: 45_000 });
  await expectNoSidewaysScroll(page);
  if (isPhone) await shot(page, `tool-answer-long-code-${width}`, true);
}

export const SIGNED_OUT_LINKS = [
  'Features',
  'About',
  'Pricing',
  'Religion',
  'Astrology',
  'Chef AI',
  'Nutrie AI',
  'Chanakyaniti',
  'Leaderboard',
  'Log In',
  'Get Started',
];
export const SIGNED_IN_LINKS = [...SIGNED_OUT_LINKS.slice(0, 9), 'Profile', 'Continue Chat', 'Sign Out'];

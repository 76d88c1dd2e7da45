import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';
import { behave } from './support/fake-llm';
import { expectFits, keepLocale, overflow, SIZES } from './support/i18n-checks';
import { createUser, signIn } from './support/users';

/**
 * The chat screens in Hindi and Tamil (issue 24): the start screen (both modes, the estimate), the
 * refined prompts, a Sangam answer with "How the models agreed", the side view of one answer, the
 * answer's versions, a Universe answer in the carousel and in Compare All, Continue with a model, the
 * chat list with sharing and a search that finds nothing, the shared page, and the not-found screens;
 * each in the language's own script with no stray English word, at 360 px and at 1440 px.
 */
const LANGUAGES = [
  {
    code: 'hi',
    script: /\p{Script=Devanagari}/u,
    question: 'समुद्र तल पर पानी कब उबलता है',
    prompt: 'आपका प्रॉम्प्ट',
    compareAll: 'सभी की तुलना करें',
    regenerate: 'फिर से बनाएँ',
    noMatch: 'कोई चैट',
  },
  {
    code: 'ta',
    script: /\p{Script=Tamil}/u,
    question: 'கடல் மட்டத்தில் தண்ணீர் எப்போது கொதிக்கும்',
    prompt: 'உங்கள் ப்ராம்ப்ட்',
    compareAll: 'அனைத்தையும் ஒப்பிடு',
    regenerate: 'மீண்டும் உருவாக்கு',
    noMatch: 'எந்த உரையாடலும்',
  },
] as const;

/**
 * Latin words the chat's chrome may show besides the glossary's: the fake models' names (model names
 * stay as they are) and the export formats' own names.
 */
const ALLOWED = new Set([
  'Sangam',
  'Labs',
  'Universe',
  'mode',
  'Alpha',
  'Beta',
  'Gamma',
  'GPT',
  'Claude',
  'Gemini',
  'Fusion',
  'Markdown',
  'JSON',
]);

/**
 * Regions that show model output or user-typed text rather than the interface's own words, left out of
 * the check: the questions, every answer's text, the refined prompts (the refiner's output), the
 * judge's points, the chats' snippets in the list, and the shared page's questions. The chats' titles
 * are checked: a default title ("Sangam Chat - {date}") is shown in the reader's language.
 */
const CONTENT = [
  '[data-testid="question"]',
  '[data-testid="answer-content"]',
  '.markdown',
  '[data-testid="prompt-card"] p',
  '[data-testid="refined-used"]',
  '[data-testid="agreement-panel"] li p',
  '[data-testid="agreement-open"] li',
  '[data-testid="model-status-row"] .italic',
  '#history-heading ~ ul li button > span + span',
  '[data-testid="shared-turn"] > p',
  // The ring's previous and next buttons are components/ui's (RingControls), translated with that folder.
  '[aria-roledescription="carousel"] > div:last-child button',
].join(', ');

/**
 * The Latin-script words of the interface's chrome under `root`: visible text and the accessible
 * names, placeholders and titles, outside the CONTENT regions and the allowed words.
 */
async function strayWords(page: Page, root = 'body') {
  const text = await page.evaluate(
    ([rootSelector, skip]) => {
      const out: string[] = [];
      // Labels that name a chat, a model or a question carry that text: it is left out of them too.
      const shown = [...document.querySelectorAll<HTMLElement>(skip)].map((el) => el.innerText.trim()).filter(Boolean);
      const withoutContent = (label: string) => shown.reduce((rest, text) => rest.replaceAll(text, ' '), label);
      for (const el of document.querySelectorAll(rootSelector)) {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest(skip) || parent.closest('script, style, title') || !parent.checkVisibility()) continue;
          out.push(node.textContent ?? '');
        }
        for (const named of el.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], img[alt]')) {
          if (named.closest(skip) || !named.checkVisibility()) continue;
          for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) out.push(withoutContent(named.getAttribute(attr) ?? ''));
        }
      }
      return out.join(' ');
    },
    [root, CONTENT] as const,
  );
  const words = text.match(/\p{Script=Latin}+/gu) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w)))];
}

/** The screen is in the language's script, has no stray English word, fits the width, and is saved to look at. */
async function check(page: Page, script: RegExp, name: string, fits: (page: Page) => Promise<void> = expectFits, root = 'body') {
  await expect(page.locator('main').first()).toContainText(script);
  expect(await strayWords(page, root), name).toEqual([]);
  await fits(page);
  await saveScreenshot(page, `i18n-chat-${name}`);
}

/**
 * The 3D ring's side cards turn past the screen's edge by design, clipped by the ring's own box: what
 * must fit is that box, the controls under it and everything else on the page (no sideways scroll).
 */
async function expectRingFits(page: Page) {
  const { scroll, wide } = await overflow(page);
  expect(scroll).toBeLessThanOrEqual(0);
  const ring = await page.locator('[aria-roledescription="carousel"]').first().boundingBox();
  expect(ring && ring.x + ring.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.closest('[data-testid="carousel-ring"], [aria-hidden="true"]') && getComputedStyle(el).position !== 'fixed')
      .map((el) => el.tagName.toLowerCase());
  });
  expect(outside, `${wide.length} wide, all inside the ring`).toEqual([]);
}

/** Digits only, so the tagged questions stay in the language's script. */
const numericTag = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

/** Alpha and Beta disagree; the judge lists the contradiction, so every part of the panel shows. */
async function scriptDisagreement(tag: string) {
  await behave('alpha', { match: tag, reply: 'Water boils at 100 °C at sea level.' });
  await behave('beta', { match: tag, reply: 'Water boils at 90 °C at sea level.' });
  await behave('gamma', { match: tag, reply: 'Water boils sooner on a mountain.' });
  const analysis = {
    consensus: [{ text: 'Water boils when heated enough.', models: ['alpha', 'beta', 'gamma'] }],
    contradictions: [
      {
        topic: 'The boiling point at sea level',
        sides: [
          { claim: 'It is 100 °C.', models: ['alpha'] },
          { claim: 'It is 90 °C.', models: ['beta'] },
        ],
      },
    ],
    unique: [{ text: 'Altitude lowers the boiling point.', models: ['gamma'] }],
    openQuestions: ['How long does it take to boil?'],
  };
  await behave('fusion', { match: `${tag}\\n\\nCompare the candidate answers`, reply: JSON.stringify(analysis) });
}

/** Sends `question` from /chat in `mode` and answers it with the prompt as typed. */
async function ask(page: Page, lang: (typeof LANGUAGES)[number], question: string, mode: 'Sangam' | 'Universe') {
  await page.goto('/chat');
  await page.getByRole('button', { name: mode, exact: true }).click();
  const box = page.getByRole('textbox', { name: lang.prompt });
  await box.fill(question);
  await box.press('Enter');
  await page.getByTestId('prompt-card').first().getByRole('button').click();
  await expect(page.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
}

/**
 * The shared page, opened signed out in the same language: the panel with a chip's answer, then a link that
 * does not exist. Only its main region is the chat's: the public layout's header, footer and skip link are another area's.
 */
async function visitShared(browser: Browser, link: string, lang: (typeof LANGUAGES)[number], size: string, viewport: object) {
  const visitor = await browser.newContext({ viewport: viewport as { width: number; height: number } });
  try {
    const anon = await visitor.newPage();
    await keepLocale(anon, lang.code);
    await anon.goto(link);
    const panel = anon.getByTestId('agreement-panel');
    await panel.locator('button[aria-expanded]').click();
    await panel.getByTestId('model-chip').last().click();
    await expect(anon.locator('article').last()).toContainText('Water boils');
    await check(anon, lang.script, `${lang.code}-shared-${size}`, expectFits, 'main');
    await anon.goto('/share/no-such-link-here');
    await check(anon, lang.script, `${lang.code}-shared-not-found-${size}`, expectFits, 'main');
  } finally {
    await visitor.close();
  }
}

for (const lang of LANGUAGES) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`${lang.code} at ${size}: every chat screen in its own script and within the screen`, async ({ page, request, browser }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      await signIn(page, await createUser(request));
      await keepLocale(page, lang.code);
      const tag = numericTag();
      await scriptDisagreement(tag);

      await page.goto('/chat');
      await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
      await check(page, lang.script, `${lang.code}-start-${size}`);
      await page.getByRole('button', { name: 'Universe', exact: true }).click();
      await page.getByRole('textbox', { name: lang.prompt }).fill(`${lang.question} ${tag}`);
      await expect(page.getByTestId('estimate')).toContainText(lang.script);
      await check(page, lang.script, `${lang.code}-start-universe-${size}`);

      // Sangam mode: the refined prompts, then the fused answer with its panel and one model's side view.
      await page.getByRole('button', { name: 'Sangam', exact: true }).click();
      await page.getByRole('textbox', { name: lang.prompt }).press('Enter');
      await expect(page.getByTestId('prompt-card')).toHaveCount(5, { timeout: 20_000 });
      await check(page, lang.script, `${lang.code}-refined-${size}`);
      await page.getByTestId('prompt-card').first().getByRole('button').click();
      const best = page.getByTestId('answer-card').first();
      await expect(best).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await expect(best.getByTestId('answer-cost')).toBeVisible({ timeout: 15_000 });
      await best.getByTestId('agreement-panel').locator('button[aria-expanded]').click();
      await expect(best.getByTestId('agreement-open')).toBeVisible();
      await check(page, lang.script, `${lang.code}-sangam-${size}`);
      await best.getByTestId('model-chip').last().click();
      await expect(page.getByTestId('answer-sheet')).toBeVisible();
      await check(page, lang.script, `${lang.code}-sheet-${size}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: lang.regenerate }).click();
      await expect(page.getByTestId('answer-version')).toHaveText('2/2', { timeout: 20_000 });
      await expect(page.getByTestId('answer-card').first()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await check(page, lang.script, `${lang.code}-versions-${size}`);

      // Universe mode: the carousel, Compare All and Continue with one model.
      await ask(page, lang, `${lang.question} ${tag} 2`, 'Universe');
      await check(page, lang.script, `${lang.code}-carousel-${size}`, expectRingFits);
      await page.getByRole('button', { name: lang.compareAll }).click();
      await expect(page.getByTestId('compare-grid')).toBeVisible();
      await check(page, lang.script, `${lang.code}-compare-${size}`);
      await page
        .getByTestId('compare-grid')
        .getByRole('button', { name: /Beta Claude/ })
        .filter({ hasText: 'Beta Claude' })
        .click();
      await expect(page.getByTestId('continue-banner')).toContainText(lang.script);
      await check(page, lang.script, `${lang.code}-continue-${size}`);

      // The chat list: sharing and exporting one chat, and a search that finds nothing.
      await page.goto('/chat');
      // The search answers before the list is used: a list re-rendered by it would close the sharing panel again.
      const searched = page.waitForResponse((r) => r.url().includes('/api/v1/chats?') && r.url().includes(tag));
      await page.getByRole('searchbox').fill(tag);
      await searched;
      const item = page.locator('#history-heading ~ ul li').first();
      await item.locator('button[aria-expanded]').click();
      await item.locator('.btn-primary').click();
      const link = await item.locator('input[readonly]').inputValue();
      await check(page, lang.script, `${lang.code}-history-share-${size}`);
      await page.getByRole('searchbox').fill(`${lang.question} 0000`);
      await expect(page.locator('main').first()).toContainText(lang.noMatch);
      await check(page, lang.script, `${lang.code}-history-empty-${size}`);

      await visitShared(browser, link, lang, size, viewport);
      await page.goto(`/chat/${randomUUID()}`);
      await check(page, lang.script, `${lang.code}-chat-not-found-${size}`);
    });
  }
}

/** The eight other languages: the chat's start screen fits a 360 px phone, and `<html lang>` follows the choice. */
test('a smoke pass over the other eight languages on the chat start screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES.phone);
  await signIn(page, await createUser(request));
  for (const code of ['bn', 'mr', 'te', 'gu', 'kn', 'ml', 'or', 'pa']) {
    await page.evaluate((locale) => localStorage.setItem('sangam.locale', locale), code);
    await page.goto('/chat');
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await page.getByRole('button', { name: 'Universe', exact: true }).click();
    await expectFits(page);
    await saveScreenshot(page, `i18n-chat-${code}-start-phone`);
  }
});

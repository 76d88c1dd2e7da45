import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';
import { SIZES } from './support/i18n-checks';
import { checkScreen, expectFitsWithScrollers, keepNow } from './support/site-checks';
import { createUser, signIn } from './support/users';

/**
 * The public site (features, about, pricing, leaderboard, developers, terms, privacy), pricing's plan
 * cards and Get Started, billing with its receipt, and developer keys in Hindi and Tamil at 360 and
 * 1440 px (issue 24): in the language's own script, no stray English word outside the glossary in the
 * interface (model output, user text, code and the English-only legal text are skipped, see
 * support/site-checks.ts), nothing wider than the screen. The arena and the real leaderboard are in
 * i18n-site-arena.spec.ts (a server of their own).
 */
test.describe.configure({ timeout: 240_000 });

const LANGUAGES = [
  {
    code: 'hi',
    script: /\p{Script=Devanagari}/u,
    monthly: 'मासिक',
    coding: 'कोडिंग',
    getStarted: 'शुरू करें',
    receipt: 'रसीद',
    cancel: 'सब्सक्रिप्शन रद्द करें',
    yesCancel: 'हाँ, रद्द करें',
    keyName: 'नाम',
    keyLabel: 'संपादक',
    createKey: 'की बनाएँ',
    englishNote: 'यह पेज सिर्फ़ अंग्रेज़ी में उपलब्ध है।',
  },
  {
    code: 'ta',
    script: /\p{Script=Tamil}/u,
    monthly: 'மாதந்தோறும்',
    coding: 'நிரலாக்கம்',
    getStarted: 'தொடங்குங்கள்',
    receipt: 'ரசீது',
    cancel: 'சந்தாவை ரத்து செய்',
    yesCancel: 'ஆம், ரத்து செய்',
    keyName: 'பெயர்',
    keyLabel: 'தொகுப்பி',
    createKey: 'சாவியை உருவாக்கு',
    englishNote: 'இந்தப் பக்கம் ஆங்கிலத்தில் மட்டுமே உள்ளது.',
  },
] as const;

type Language = (typeof LANGUAGES)[number];

async function publicPages(page: Page, lang: Language, size: string) {
  for (const path of ['/features', '/about', '/policies/terms-of-use', '/policies/privacy-policy', '/developers']) {
    await page.goto(path);
    // Terms and Privacy stay in English under a translated note that the English text governs.
    if (path.startsWith('/policies')) await expect(page.getByRole('note')).toContainText(lang.englishNote);
    await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-${path.split('/').pop()}-${size}`);
  }
  await page.getByRole('tab', { name: 'Python' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('from openai import OpenAI');

  await page.goto('/pricing');
  for (const details of await page.locator('main details').all()) await details.locator('summary').click();
  await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-pricing-annual-${size}`);
  await page.getByRole('button', { name: lang.monthly, exact: true }).click();
  await expect(page.getByRole('article', { name: 'Basic' }).getByTestId('plan-price')).toHaveText('₹399');
  await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-pricing-monthly-${size}`);

  await page.goto('/leaderboard');
  await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-leaderboard-${size}`);
  await page.getByRole('tab', { name: lang.coding }).click();
  await expect(page.getByRole('tab', { name: lang.coding })).toHaveAttribute('aria-selected', 'true');
  await checkScreen(page, lang, 'main', `i18n-site-${lang.code}-leaderboard-coding-${size}`);
}

for (const lang of LANGUAGES) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`${lang.code} at ${size}: features, about, pricing, leaderboard, developers, terms and privacy`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await keepNow(page, lang.code);
      await publicPages(page, lang, size);
    });

    test(`${lang.code} at ${size}: developer keys, and a paid plan's billing page, receipt and cancelling`, async ({ page, request }) => {
      const user = await createUser(request);
      await signIn(page, user);
      await keepNow(page, lang.code);
      await page.setViewportSize(viewport);

      // The account screens' own headings belong to the account screens: only this area's cards are checked.
      await page.goto('/profile/developer-keys');
      await checkScreen(page, lang, 'main section.card', `i18n-site-${lang.code}-keys-empty-${size}`);
      // A key named in the user's language (its name also labels its row, e.g. "की संपादक").
      await page.getByLabel(lang.keyName, { exact: true }).fill(lang.keyLabel);
      await page.getByRole('button', { name: lang.createKey, exact: true }).click();
      await expect(page.getByTestId('new-key-secret')).toBeVisible();
      await expect(page.locator('main li[aria-label]')).toHaveCount(1);
      await checkScreen(page, lang, 'main section.card', `i18n-site-${lang.code}-keys-created-${size}`);

      await page.goto('/profile/billing');
      await expect(page.getByTestId('billing-plan')).toHaveText('Free');
      await checkScreen(page, lang, 'main section.card', `i18n-site-${lang.code}-billing-free-${size}`);

      await page.goto('/pricing');
      await page.getByRole('button', { name: lang.monthly, exact: true }).click();
      await page.getByRole('article', { name: 'Universe Plus' }).getByRole('button', { name: lang.getStarted }).click();
      // Razorpay's hosted page (the fake, in English: not ours), then back to the billing page.
      await page.getByRole('button', { name: 'Authorise UPI autopay' }).click();
      await page.getByRole('link', { name: 'Return to Sangam' }).click();
      await expect(page).toHaveURL(/\/profile\/billing$/);
      await expect(page.getByTestId('billing-plan')).toHaveText('Universe Plus');
      await expect(page.getByTestId('payment-amount')).toHaveText('₹399');
      await checkScreen(page, lang, 'main section.card', `i18n-site-${lang.code}-billing-paid-${size}`);

      await page.getByRole('link', { name: lang.receipt }).click();
      await expect(page.getByRole('region', { name: lang.receipt })).toContainText('₹399 INR');
      await checkScreen(page, lang, 'main section.card', `i18n-site-${lang.code}-receipt-${size}`);

      await page.goto('/profile/billing');
      await page.getByRole('button', { name: lang.cancel }).click();
      await checkScreen(page, lang, 'main section.card', `i18n-site-${lang.code}-billing-confirm-${size}`);
      await page.getByRole('button', { name: lang.yesCancel }).click();
      await expect(page.getByRole('status').filter({ hasText: lang.script })).toBeVisible();
      await checkScreen(page, lang, 'main section.card', `i18n-site-${lang.code}-billing-cancelled-${size}`);
    });
  }
}

/** The other eight languages: the pricing page (plan cards, comparison table, questions) at 360 px. */
const OTHERS = [
  ['bn', /\p{Script=Bengali}/u],
  ['mr', /\p{Script=Devanagari}/u],
  ['te', /\p{Script=Telugu}/u],
  ['gu', /\p{Script=Gujarati}/u],
  ['kn', /\p{Script=Kannada}/u],
  ['ml', /\p{Script=Malayalam}/u],
  ['or', /\p{Script=Oriya}/u],
  ['pa', /\p{Script=Gurmukhi}/u],
] as const;

test('the other eight languages: pricing and the leaderboard in their own script, within a 360 px phone', async ({ page }) => {
  await page.setViewportSize(SIZES.phone);
  await page.goto('/');
  for (const [code, script] of OTHERS) {
    await keepNow(page, code);
    for (const path of ['/pricing', '/leaderboard']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(script);
      await expectFitsWithScrollers(page);
      await saveScreenshot(page, `i18n-site-${code}${path.replace('/', '-')}-phone`);
    }
  }
});

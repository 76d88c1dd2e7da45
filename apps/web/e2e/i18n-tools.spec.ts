import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';
import { behave } from './support/fake-llm';
import { expectFits, keepLocale, SIZES, strayLatinWords } from './support/i18n-checks';
import { expectFitsBesideScrollRegions } from './support/i18n-tools-fit';
import { createUser, signIn } from './support/users';

/**
 * The five tools in Hindi and Tamil (issue 24): every screen and state of astrology, Chanakyaniti, the
 * recipe and calorie tools and scripture Q&A, at 1440 and 360 px, in the language's own script, with
 * no stray English word and nothing wider than the screen. Then a smoke pass over the other eight.
 */
const LANGUAGES = [
  {
    code: 'hi',
    script: /\p{Script=Devanagari}/u,
    fullName: 'पूरा नाम',
    place: 'जन्म स्थान',
    dob: 'जन्म तिथि',
    tob: 'जन्म समय',
    unknownPlace: 'अटलांटिस',
    placeMessage: 'हमें "अटलांटिस" नहीं मिला। कृपया पास का कोई शहर लिखें।',
    consult: 'सितारों से पूछें',
    consultAgain: 'सितारों से फिर पूछें',
    chanakyaBox: 'चाणक्य से आपका सवाल',
    askChanakya: 'चाणक्य से पूछें',
    askAnother: 'दूसरा सवाल पूछें',
    describe: 'खाने के बारे में लिखें',
    getRecipe: 'रेसिपी पाएँ',
    analyze: 'कैलोरी जानें',
    showRecipe: 'रेसिपी दिखाएँ',
    question: 'आपका सवाल',
    compare: 'सभी की तुलना करें',
  },
  {
    code: 'ta',
    script: /\p{Script=Tamil}/u,
    fullName: 'முழுப் பெயர்',
    place: 'பிறந்த இடம்',
    dob: 'பிறந்த தேதி',
    tob: 'பிறந்த நேரம்',
    unknownPlace: 'அட்லாண்டிஸ்',
    placeMessage: '"அட்லாண்டிஸ்" கிடைக்கவில்லை. அருகிலுள்ள ஒரு நகரத்தை உள்ளிடுங்கள்.',
    consult: 'நட்சத்திரங்களிடம் கேள்',
    consultAgain: 'மீண்டும் நட்சத்திரங்களிடம் கேள்',
    chanakyaBox: 'சாணக்கியரிடம் உங்கள் கேள்வி',
    askChanakya: 'சாணக்கியரிடம் கேள்',
    askAnother: 'வேறு கேள்வி கேள்',
    describe: 'உணவை விவரியுங்கள்',
    getRecipe: 'செய்முறையைப் பெறு',
    analyze: 'கலோரியைக் கணக்கிடு',
    showRecipe: 'செய்முறையைக் காட்டு',
    question: 'உங்கள் கேள்வி',
    compare: 'அனைத்தையும் ஒப்பிடு',
  },
] as const;
type Language = (typeof LANGUAGES)[number];

/**
 * Left out of the stray-word check: model output (the answers' Markdown, the models' names). The
 * citations list (li[data-status]) quotes the books' own editions. The nutrition rows are checked: their
 * dishes and measures are written in the reader's language, and so are an opened recipe's ingredients,
 * their basis, its yield note and source, and each row's source tooltip.
 */
const NOT_CHROME = ['.markdown', '[data-testid="tool-answer"]', '[data-testid="model-progress"]', 'li[data-status]'];
/**
 * Published names that keep their letters, like a book's: the IFCT tables, their publisher and the npm
 * package they are read from (the recipe and calorie source line), the Chanakya Niti edition and its
 * translator (the citations' edition line), the birth place as the places table spells it (typed by the
 * user), the letter of the IANA tz database's version (2025b; the chart note), and the F of the chart
 * facts' ids ([F3]: a chip carries the id the answer cites it by).
 */
const TOOL_NAMES = new Set([
  'IFCT',
  ...['Indian', 'Food', 'Composition', 'Tables', 'National', 'Institute', 'of', 'Nutrition', 'ICMR', 'Hyderabad'],
  ...['ifct', 'compositions', 'MIT'],
  ...['Sri', 'Chanakya', 'Niti', 'Shastra', 'Miles', 'Davis', 'Patita', 'Pavana', 'Dasa'],
  'Pune',
  'F',
  ...(process.versions.tz?.match(/\p{Script=Latin}+/gu) ?? []),
]);

/**
 * The food codes of the published IFCT tables (E049 is ripe papaya, A019 whole-wheat atta): identifiers
 * of the tables, like their name, they keep their letter in the nutrition rows' source column.
 */
const IFCT_CODE = /\b[A-T]\d{3}\b/g;

// A 1x1 PNG, enough to exercise the photo path.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Opens each nutrition row's recipe in turn (one is open at a time) and checks it once the recipe words'
 * catalog is in (every ingredient line in the script), then the rows' source tooltips.
 */
async function expectRecipesTranslated(page: Page, lang: Language, name: string, size: string) {
  const table = page.getByTestId('nutrition-table');
  const opens = table.locator('button[aria-controls]');
  const count = await opens.count();
  expect(count, name).toBeGreaterThan(0);
  for (let n = 0; n < count; n += 1) {
    const button = opens.nth(n);
    await expect(button).toHaveText(lang.showRecipe);
    await button.click();
    const recipe = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(recipe).toBeVisible();
    for (const line of await recipe.locator('li').all()) await expect(line).toContainText(lang.script);
    await expectTranslated(page, lang, `${name}-recipe-${n}`, size);
  }
  const titles = await table.locator('[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  expect(titles.length, name).toBe(count);
  for (const title of titles) expect(title, `${name}: source tooltip`).toMatch(lang.script);
  const stray = (
    titles
      .join(' ')
      .replace(IFCT_CODE, ' ')
      .match(/\p{Script=Latin}+/gu) ?? []
  ).filter((w) => !TOOL_NAMES.has(w));
  expect(stray, `${name}: source tooltips`).toEqual([]);
}

/** The tool's main region (the tool header's Back link is the layout's, not this area's) in the language, within the screen. */
async function expectTranslated(page: Page, lang: Language, name: string, size: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
  await expect(page.locator('main')).toContainText(lang.script);
  await saveScreenshot(page, `i18n-tools-${lang.code}-${name}-${size}`);
  await expectFitsBesideScrollRegions(page);
  const hide = await page.addStyleTag({ content: `${NOT_CHROME.join(', ')} { display: none !important; }` });
  const stray = (await strayLatinWords(page, 'main', IFCT_CODE)).filter((w) => !TOOL_NAMES.has(w));
  await hide.evaluate((el) => el.parentNode?.removeChild(el));
  expect(stray, name).toEqual([]);
}

async function fillBirth(page: Page, lang: Language, place: string) {
  await page.getByLabel(lang.fullName).fill('Asha');
  await page.getByLabel(lang.place, { exact: true }).fill(place);
  await page.getByLabel(lang.dob).fill('1990-01-01');
  await page.getByLabel(lang.tob).fill('22:30');
}

test.describe.configure({ timeout: 240_000 });

for (const lang of LANGUAGES) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`${lang.code} at ${size}: every tool screen and state in its own script, within the screen`, async ({ page, request }) => {
      const tag = `e2e-${lang.code}-${size}-${Date.now()}`;
      await signIn(page, await createUser(request));
      await keepLocale(page, lang.code);
      // The answers show whole at once: the typewriter's pace is tools-typing.spec.ts's concern.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize(viewport);

      await page.goto('/tools/astrology');
      await fillBirth(page, lang, '');
      await expectTranslated(page, lang, 'astrology-form', size);
      await fillBirth(page, lang, lang.unknownPlace);
      await page.getByRole('button', { name: lang.consult, exact: true }).click();
      await expect(page.getByLabel(lang.place, { exact: true })).toHaveAccessibleDescription(lang.placeMessage, { timeout: 15_000 });
      await expectTranslated(page, lang, 'astrology-place-error', size);
      await behave('fusion', { reply: `Your ascendant [F1] and your Moon [F3]. ${tag}`, match: `${tag} astrology` });
      await fillBirth(page, lang, 'Pune');
      await page.locator('input').last().fill(`${tag} astrology`);
      await page.getByRole('button', { name: lang.consult, exact: true }).click();
      await expect(page.getByTestId('north-indian-chart')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('reading-facts')).toBeVisible();
      await page.getByTestId('reading-facts').getByRole('button').first().click();
      await expectTranslated(page, lang, 'astrology-answer', size);
      await page.route('**/ai/v1/agent/GenerateAnswer', (route) =>
        route.fulfill({ status: 402, json: { code: 'QUOTA_EXCEEDED', detail: 'You have used this month’s allowance.' } }),
      );
      await page.getByRole('button', { name: lang.consultAgain }).click();
      await fillBirth(page, lang, 'Pune');
      await page.getByRole('button', { name: lang.consult, exact: true }).click();
      await expect(page.getByTestId('failure-card')).toBeVisible({ timeout: 15_000 });
      await expectTranslated(page, lang, 'astrology-failure', size);

      await page.goto('/tools/chanakyaniti');
      await expectTranslated(page, lang, 'chanakya-idle', size);
      await page.getByRole('textbox', { name: lang.chanakyaBox }).fill(`${tag} chanakya`);
      await page.getByRole('button', { name: lang.askChanakya }).click();
      await expect(page.getByTestId('failure-card')).toBeVisible({ timeout: 15_000 });
      await expectTranslated(page, lang, 'chanakya-failure', size);
      await page.unroute('**/ai/v1/agent/GenerateAnswer');
      await page.getByRole('button', { name: lang.askAnother }).click();
      await behave('fusion', { reply: `Be steadfast. ${tag}`, match: `${tag} counsel` });
      await page.getByRole('textbox', { name: lang.chanakyaBox }).fill(`${tag} counsel`);
      await page.getByRole('button', { name: lang.askChanakya }).click();
      await expect(page.getByRole('button', { name: lang.askAnother })).toBeVisible({ timeout: 20_000 });
      await expectTranslated(page, lang, 'chanakya-answer', size);

      await page.goto('/tools/food');
      await expectTranslated(page, lang, 'recipe-form', size);
      await behave('fusion', { reply: `## Paneer\n\nServings: 2\n\n- 200 g paneer\n\n${tag}`, match: `${tag} paneer` });
      await page.getByLabel(lang.describe).fill(`${tag} paneer`);
      await page.getByRole('button', { name: lang.getRecipe }).click();
      await expect(page.getByTestId('nutrition-table')).toBeVisible({ timeout: 20_000 });
      await expectTranslated(page, lang, 'recipe-answer', size);
      // A raw IFCT food: its source tooltip names the food in the language (the recipe words load with the table).
      await expect(page.getByTestId('nutrition-table').locator('[title]').first()).toHaveAttribute(
        'title',
        lang.code === 'hi' ? 'IFCT 2017 L003 (पनीर)' : 'IFCT 2017 L003 (பனீர்)',
      );

      await page.goto('/tools/calorie');
      await page.locator('input[type=file]').setInputFiles({ name: 'lunch.png', mimeType: 'image/png', buffer: PNG });
      await expectTranslated(page, lang, 'calorie-form', size);
      await behave('fusion', { reply: `About 412 cal in all. ${tag}`, match: '2 rotis and a bowl of dal' });
      await page.getByLabel(lang.describe).fill('2 rotis and a bowl of dal');
      await page.getByRole('button', { name: lang.analyze }).click();
      await expect(page.getByTestId('nutrition-table')).toBeVisible({ timeout: 20_000 });
      await expectTranslated(page, lang, 'calorie-answer', size);
      await expectRecipesTranslated(page, lang, 'calorie-answer', size);

      await page.goto('/tools/religion');
      await expectTranslated(page, lang, 'religion-books', size);
      await behave('fusion', { reply: `Duty without attachment. ${tag}`, match: `${tag} duty` });
      await page.getByTestId('book-card').first().click();
      await page.getByTestId('book-card').last().click();
      await page.getByRole('textbox', { name: lang.question }).fill(`${tag} duty`);
      await page.getByRole('textbox', { name: lang.question }).press('Enter');
      await expect(page.locator('[data-testid="book-answer"][data-typed="whole"]')).toHaveCount(2, { timeout: 30_000 });
      await expectTranslated(page, lang, 'religion-ring', size);
      await page.getByRole('button', { name: lang.compare }).click();
      await expect(page.getByTestId('compare-item')).toHaveCount(2);
      await expectTranslated(page, lang, 'religion-compare', size);
    });
  }
}

test('the other eight languages: the books screen on a 360 px phone, with its lang and nothing wider than the screen', async ({
  page,
  request,
}) => {
  await signIn(page, await createUser(request));
  await page.setViewportSize(SIZES.phone);
  for (const code of ['bn', 'mr', 'te', 'gu', 'kn', 'ml', 'or', 'pa']) {
    await page.evaluate((locale) => localStorage.setItem('sangam.locale', locale), code);
    await page.goto('/tools/religion');
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByTestId('book-card')).toHaveCount(8);
    await expectFits(page);
    await saveScreenshot(page, `i18n-tools-${code}-religion-books-phone`);
  }
});

import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { behave, fakeRequests } from './support/fake-llm';
import { createUser, signIn } from './support/users';

// A 1x1 PNG, enough to exercise the image path.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const PHONE = { width: 360, height: 780 };

// The answers are typed out at the spec's pace (30 ms a character after 500 ms): more than a minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await createUser(request));
});

test('astrology: the form, the computed chart and reading, then Consult the Stars Again clears the form', async ({ page }) => {
  const tag = `e2e-astro-${Date.now()}`;
  await behave('fusion', {
    reply: `Your **Libra** ascendant [F1] gives you balance, and your Moon [F3] feeling. ${tag}`,
    match: 'What is my nature, e2e?',
  });
  await page.goto('/tools/astrology');
  const button = page.getByRole('button', { name: 'Consult the Stars' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Full name').fill('Mohandas Gandhi');
  await page.getByLabel('Place of birth').fill('Porbandar');
  await page.getByLabel('Date of birth').fill('1869-10-02');
  await page.getByLabel('Time of birth').fill('07:12');
  await page.getByLabel('Your question (optional)').fill('What is my nature, e2e?');
  await expect(page.getByText('dd mm yyyy: 02 10 1869')).toBeVisible();
  await expect(page.getByText('07:12 AM')).toBeVisible();
  await saveScreenshot(page, 'astrology-form-desktop');
  await expectNoSeriousA11yViolations(page);
  await button.click();
  await expect(page.getByTestId('tool-answer')).toContainText('Libra ascendant', { timeout: 15_000 });
  await expect(page.getByTestId('north-indian-chart')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('graha-table')).toContainText('Cancer');
  await expect(page.getByText(/time taken as local mean time/)).toBeVisible();
  // The facts the reading cites are chips that open to the computed value.
  const facts = page.getByTestId('reading-facts');
  await expect(facts.getByRole('button')).toHaveText([/^\[F1\] Ascendant/, /^\[F3\] Moon/]);
  await facts.getByRole('button', { name: /\[F3\] Moon/ }).click();
  await expect(facts.getByRole('button', { name: /\[F3\] Moon/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('reading-fact-detail')).toContainText(/\[F3\] Moon in \w+/);
  const sent = (await fakeRequests()).find((r) => r.model === 'alpha' && JSON.stringify(r.messages).includes('Porbandar'));
  expect(sent?.messages.at(-1)).toMatchObject({ role: 'user', content: 'What is my nature, e2e?' });
  await saveScreenshot(page, 'astrology-answer-desktop');
  await page.getByRole('button', { name: 'Consult the Stars Again' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('');
});

test('astrology: an unknown place asks for a nearby city on the field and keeps the form', async ({ page }) => {
  await page.goto('/tools/astrology');
  await page.getByLabel('Full name').fill('Test');
  await page.getByLabel('Place of birth').fill('Atlantis');
  await page.getByLabel('Date of birth').fill('1990-01-01');
  await page.getByLabel('Time of birth').fill('22:30');
  await page.getByRole('button', { name: 'Consult the Stars' }).click();
  await expect(page.getByLabel('Place of birth')).toHaveAccessibleDescription('We could not find "Atlantis". Please enter a nearby city.', {
    timeout: 15_000,
  });
  await expect(page.getByLabel('Full name')).toHaveValue('Test');
});

test('astrology: no output gives the stars-not-aligned message', async ({ page }) => {
  await page.route('**/ai/v1/agent/GenerateAnswer', (route) => route.fulfill({ json: { data: {} } }));
  await page.goto('/tools/astrology');
  for (const [label, value] of [
    ['Full name', 'A'],
    ['Place of birth', 'Pune'],
    ['Date of birth', '1990-01-01'],
    ['Time of birth', '10:00'],
  ])
    await page.getByLabel(label as string).fill(value as string);
  await page.getByRole('button', { name: 'Consult the Stars' }).click();
  await expect(page.getByTestId('tool-answer')).toContainText('The stars are not aligned for reading at this moment. Please try again.', {
    timeout: 15_000,
  });
});

test('calorie: text and a photo, the IFCT table with its credit, the N cal highlight, and Analyze Another Food', async ({ page }) => {
  await behave('fusion', { reply: 'Your meal has about 412 cal in all.', match: '2 rotis and a bowl of dal' });
  await page.goto('/tools/calorie');
  await expect(page.getByRole('button', { name: 'Analyze Calories' })).toBeDisabled();
  await page.getByLabel('Describe the food').fill('2 rotis and a bowl of dal');
  await page.locator('input[type=file]').setInputFiles({ name: 'lunch.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Selected food' })).toBeVisible();
  await saveScreenshot(page, 'calorie-form-desktop');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Analyze Calories' }).click();
  // 'N cal' figures are bold; the server marks a figure that disagrees with the computed table.
  await expect(page.getByTestId('tool-answer').locator('strong').first()).toHaveText('412 cal', { timeout: 15_000 });
  await expect(page.getByTestId('nutrition-table')).toContainText('Roti (chapati)', { timeout: 15_000 });
  await expect(page.getByText(/Indian Food Composition Tables 2017/).first()).toBeVisible();
  const sent = (await fakeRequests()).find((r) => r.model === 'alpha' && JSON.stringify(r.messages).includes('2 rotis and a bowl of dal'));
  expect(JSON.stringify(sent?.messages)).toContain('data:image/png;base64');
  await saveScreenshot(page, 'calorie-answer-desktop');
  await page.getByRole('button', { name: 'Analyze Another Food' }).click();
  await expect(page.getByLabel('Describe the food')).toHaveValue('');
});

test('calorie and recipe errors', async ({ page }) => {
  await page.route('**/ai/v1/agent/GenerateAnswer', (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', detail: 'down' } }));
  await page.goto('/tools/calorie');
  await page.getByLabel('Describe the food').fill('idli');
  await page.getByLabel('Describe the food').press('Enter');
  const card = page.getByTestId('failure-card');
  await expect(card).toContainText('Calorie information could not be retrieved.', { timeout: 15_000 });
  await expect(card.getByTestId('failure-reason')).toHaveText('down');
  await page.getByRole('button', { name: 'Analyze Another Food' }).click();
  await expect(page.getByLabel('Describe the food')).toHaveValue('');
  await page.unroute('**/ai/v1/agent/GenerateAnswer');
  await page.route('**/ai/v1/agent/GenerateAnswer', (route) => route.fulfill({ json: { data: {} } }));
  await page.goto('/tools/food');
  await page.getByLabel('Describe the food').fill('poha');
  await page.getByRole('button', { name: 'Get Recipe' }).click();
  await expect(page.getByTestId('tool-answer')).toContainText('Recipe information could not be retrieved at this moment.', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Get Another Recipe' }).click({ timeout: 15_000 });
  await page.unroute('**/ai/v1/agent/GenerateAnswer');
  await page.route('**/ai/v1/agent/GenerateAnswer', (route) => route.abort());
  await page.getByLabel('Describe the food').fill('poha');
  await page.getByRole('button', { name: 'Get Recipe' }).click();
  await expect(page.getByTestId('failure-card')).toContainText('Unable to analyze the food at this moment. Please try again later.', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('failure-card')).toContainText('No connection. Sangam could not be reached.');
});

test('recipe: the answer as Markdown, nutrition per serving and the food-safety note, on a 360 px phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await behave('fusion', {
    reply: '## Paneer curry\n\nServings: 2\nTime: 30 minutes\n\n### Ingredients\n\n- 200 g paneer\n- 1 tablespoon ghee\n\n1. Cook gently.',
    match: 'e2e paneer curry',
    // Long enough for the loading state to be seen: without it the answer can beat the first check.
    delayMs: 600,
  });
  await page.goto('/tools/food');
  await page.getByLabel('Describe the food').fill('e2e paneer curry');
  await page.getByRole('button', { name: 'Get Recipe' }).click();
  // Loading, then the streamed answer (on a busy machine the first model event can come before the first check).
  await expect(page.getByTestId('tool-loading').or(page.getByTestId('tool-answer'))).toBeVisible();
  await expect(page.getByTestId('nutrition-table')).toContainText('Per serving (of 2)', { timeout: 20_000 });
  await expect(page.getByText(/Food safety/).first()).toBeVisible();
  await expect(page.getByTestId('tool-answer').getByRole('heading', { name: 'Paneer curry' })).toBeVisible();
  await expect(page.getByTestId('tool-answer')).not.toContainText('## ');
  await saveScreenshot(page, 'recipe-answer-phone');
  await expectNoSeriousA11yViolations(page);
});

test('calorie: a photo and no text, on a 360 px phone: the photo is sent with the bare CAL:, prefix and the dishes read from it are computed', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // With no text the server asks the models to identify the dishes in the photo as household portions.
  await behave('fusion', {
    reply: 'From the photo:\n- 2 roti\n- 1 katori dal\n\nA light lunch.',
    match: 'Analyze this food image and provide detailed calorie and nutrition information.',
  });
  await page.goto('/tools/calorie');
  await page.locator('input[type=file]').setInputFiles({ name: 'thali.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Analyze Calories' })).toBeEnabled();
  await page.getByRole('button', { name: 'Analyze Calories' }).click();
  await expect(page.getByTestId('nutrition-table')).toContainText('Roti (chapati)', { timeout: 20_000 });
  // The models got the photo, and the server's own wording for a photo without text (the Prompt was the bare 'CAL:,').
  const sent = (await fakeRequests()).filter(
    (r) => r.model === 'alpha' && JSON.stringify(r.messages).includes('Analyze this food image and provide detailed calorie'),
  );
  expect(sent.length).toBeGreaterThan(0);
  expect(JSON.stringify(sent.at(-1)?.messages.at(-1))).toContain('data:image/png;base64');
  await saveScreenshot(page, 'calorie-photo-only-phone');
  await expectNoSeriousA11yViolations(page);
});

test('astrology on a 360 px phone: the chart and the reading, and a used-up allowance as a card with the plans', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/tools/astrology');
  for (const [label, value] of [
    ['Full name', 'A'],
    ['Place of birth', 'Pune'],
    ['Date of birth', '1990-01-01'],
    ['Time of birth', '10:00'],
  ])
    await page.getByLabel(label as string).fill(value as string);
  await page.getByRole('button', { name: 'Consult the Stars' }).click();
  await expect(page.getByTestId('north-indian-chart')).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(page, 'astrology-answer-phone');
  await page.route('**/ai/v1/agent/GenerateAnswer', (route) =>
    route.fulfill({
      status: 402,
      json: { code: 'QUOTA_EXCEEDED', detail: 'You have used this month’s allowance. See the plans on the pricing page.' },
    }),
  );
  await page.getByRole('button', { name: 'Consult the Stars Again' }).click();
  for (const [label, value] of [
    ['Full name', 'A'],
    ['Place of birth', 'Pune'],
    ['Date of birth', '1990-01-01'],
    ['Time of birth', '10:00'],
  ])
    await page.getByLabel(label as string).fill(value as string);
  await page.getByRole('button', { name: 'Consult the Stars' }).click();
  const card = page.getByTestId('failure-card');
  await expect(card).toContainText('The cosmic energies are temporarily unavailable.', { timeout: 15_000 });
  await expect(card).toContainText('Your plan’s allowance is used up.');
  await expect(card.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  await saveScreenshot(page, 'astrology-quota-phone');
  await expectNoSeriousA11yViolations(page);
});

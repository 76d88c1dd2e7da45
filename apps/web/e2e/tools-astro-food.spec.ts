import { expect, expectNoSeriousA11yViolations, saveScreenshot, test, VIEWPORTS } from './fixtures';
import { behave, fakeRequests } from './support/fake-llm';
import { createUser, signIn } from './support/users';

// A 1x1 PNG, enough to exercise the image path.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await createUser(request));
});

test('astrology: the form, the computed chart and reading, then Consult the Stars Again clears the form', async ({ page }) => {
  const tag = `e2e-astro-${Date.now()}`;
  await behave('fusion', { reply: `Your **Libra** ascendant gives you balance. ${tag}`, match: 'What is my nature, e2e?' });
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
  await expect(page.getByTestId('tool-answer').locator('mark')).toHaveText('412 cal', { timeout: 15_000 });
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
  await expect(page.getByTestId('tool-answer')).toContainText(
    'Calorie information could not be retrieved. Error: API request failed with status: 500',
    { timeout: 15_000 },
  );
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
  await expect(page.getByTestId('tool-answer')).toContainText('Unable to analyze the food at this moment. Please try again later.', {
    timeout: 15_000,
  });
});

test('recipe: the answer, nutrition per serving and the food-safety note, on a phone', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await behave('fusion', {
    reply: 'Paneer curry\nServings: 2\nTime: 30 minutes\nIngredients\n- 200 g paneer\n- 1 tablespoon ghee\n1. Cook gently.',
    match: 'e2e paneer curry',
    // Long enough for the loading state to be seen: without it the answer can beat the first check.
    delayMs: 600,
  });
  await page.goto('/tools/food');
  await page.getByLabel('Describe the food').fill('e2e paneer curry');
  await page.getByRole('button', { name: 'Get Recipe' }).click();
  await expect(page.getByTestId('tool-loading')).toBeVisible();
  await expect(page.getByTestId('nutrition-table')).toContainText('Per serving (of 2)', { timeout: 20_000 });
  await expect(page.getByText(/Food safety/).first()).toBeVisible();
  await saveScreenshot(page, 'recipe-answer-phone');
  await expectNoSeriousA11yViolations(page);
});

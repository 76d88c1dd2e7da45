import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { createUser, signIn } from './support/users';

// Each journey checks axe and two window sizes on a shared two-core machine.
test.describe.configure({ timeout: 150_000 });

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 360, height: 740 } } as const;

/** Whether the page scrolls sideways (anything wider than the window). */
const overflowsSideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test('Developer keys: create a key, see it once, list it with its prefix, call /v1 with it, revoke it', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Developer keys' }).click();
  await expect(page).toHaveURL(/\/profile\/developer-keys$/);
  await expect(page.getByText('No keys yet.')).toBeVisible();

  await page.getByLabel('Name').fill('Editor संपादक 🙂');
  await page.getByLabel('Monthly budget (₹, optional)').fill('500');
  await page.getByLabel('Requests per minute').fill('30');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('new-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^sk-sgm-/);
  await expect(page.getByText('it is shown only once')).toBeVisible();

  const row = page.getByRole('listitem', { name: 'Key Editor संपादक 🙂' });
  await expect(row).toContainText(`${secret.slice(0, 13)}…`);
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('₹0 this month of ₹500');
  await expectNoSeriousA11yViolations(page);

  // The key works against the API, and after Done the secret is gone from the page for good.
  const models = await request.get('/v1/models', { headers: { authorization: `Bearer ${secret}` } });
  expect(models.status()).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-key-secret')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await expect(row).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    await saveScreenshot(page, `developer-keys-${size}`);
  }

  await page.getByRole('button', { name: 'Revoke Editor संपादक 🙂' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await request.get('/v1/models', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('invalid_api_key');
});

test('/developers is linked from the footer and shows the examples, models, extension and error codes at 1440 and 360 px', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Developers', exact: true }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sangam for developers' })).toBeVisible();
  const example = page.getByRole('tabpanel');
  await expect(example).toContainText('curl ');
  await expect(example).toContainText('/v1/chat/completions');
  await page.getByRole('tab', { name: 'JavaScript' }).click();
  await expect(example).toContainText("import OpenAI from 'openai'");
  await page.getByRole('tab', { name: 'Python' }).click();
  await expect(example).toContainText('from openai import OpenAI');
  for (const model of ['sangam/fusion', 'sangam/self-moa', 'sangam/universe'])
    await expect(page.getByRole('table', { name: 'Models' })).toContainText(model);
  await expect(page.getByRole('table', { name: 'Extension fields' })).toContainText('deadline_ms');
  for (const code of ['invalid_api_key', 'insufficient_quota', 'rate_limit_exceeded', 'unsupported_parameter', 'model_unavailable'])
    await expect(page.getByRole('table', { name: 'Error codes' })).toContainText(code);
  await expectNoSeriousA11yViolations(page);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    await saveScreenshot(page, `developers-${size}`);
  }
});

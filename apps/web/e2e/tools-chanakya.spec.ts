import { expect, expectNoSeriousA11yViolations, saveScreenshot, test, VIEWPORTS } from './fixtures';
import { behave, fakeRequests } from './support/fake-llm';
import { createUser, signIn } from './support/users';

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.goto('/tools/chanakyaniti');
});

test('idle, asking, typed with a caret, complete with signature, then back to idle', async ({ page }) => {
  const tag = `e2e-chanakya-${Date.now()}`;
  await behave('fusion', {
    reply: 'Choose friends who stand by you in famine (Chapter 1, Verse 12). **Test** them in adversity.',
    match: tag,
    delayMs: 600,
  });
  await expect(page.getByRole('heading', { name: 'Chanakya Niti' })).toBeVisible();
  await expect(page.getByText('चाणक्य नीति')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Your question for Chanakya' });
  await expect(box).toHaveAttribute('placeholder', 'Ask Chanakya for wisdom on life, leadership, relationships, or any matter...');
  const send = page.getByRole('button', { name: 'Ask Chanakya' });
  await expect(send).toBeDisabled();
  await saveScreenshot(page, 'chanakya-idle-desktop');
  await expectNoSeriousA11yViolations(page);
  await box.fill(`How should I choose friends? ${tag}`);
  await box.press('Enter');
  await expect(page.getByText('The ancient sage is contemplating')).toBeVisible();
  await expect(box).toBeDisabled();
  await expect(page.getByTestId('caret')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('chanakya-answer')).toContainText('Chapter 1, Verse 12', { timeout: 15_000 });
  await expect(page.getByText('— Acharya Chanakya')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Sangam aims for accuracy but isn't perfect.")).toBeVisible();
  await expect(page.getByTestId('chanakya-answer').locator('strong')).toHaveText('Test');
  await saveScreenshot(page, 'chanakya-complete-desktop');
  const sent = (await fakeRequests()).find((r) => r.model === 'alpha' && JSON.stringify(r.messages).includes(tag));
  expect(sent?.messages.at(-1)).toMatchObject({ role: 'user', content: `How should I choose friends? ${tag}` });
  await page.getByRole('button', { name: 'Ask Another Question' }).click();
  await expect(page.getByRole('textbox', { name: 'Your question for Chanakya' })).toHaveValue('');
  await expect(page.getByText('Ask your question below, seeker.')).toBeVisible();
});

test('both error messages', async ({ page }) => {
  let call = 0;
  await page.route('**/ai/v1/agent/GenerateAnswer', (route) => {
    call += 1;
    return call === 1
      ? route.fulfill({ json: { data: { best_output: '' } } })
      : route.fulfill({ status: 502, json: { code: 'ALL_MODELS_FAILED', detail: 'x' } });
  });
  const box = page.getByRole('textbox', { name: 'Your question for Chanakya' });
  await box.fill('First');
  await box.press('Enter');
  await expect(page.getByTestId('chanakya-answer')).toContainText(
    'The wisdom of Chanakya could not be retrieved at this moment. Please try again.',
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Ask Another Question' }).click({ timeout: 15_000 });
  await box.fill('Second');
  await box.press('Enter');
  await expect(page.getByTestId('chanakya-answer')).toContainText(
    'The ancient wisdom is temporarily unavailable. Please try again later.',
    { timeout: 15_000 },
  );
});

test('the Chanakya screen works on a phone', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await saveScreenshot(page, 'chanakya-idle-phone');
  await expectNoSeriousA11yViolations(page);
});

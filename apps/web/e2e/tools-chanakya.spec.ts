import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { behave, fakeRequests } from './support/fake-llm';
import { createUser, signIn } from './support/users';

// The answers are typed out at the spec's pace (30 ms a character after 500 ms): more than a minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.goto('/tools/chanakyaniti');
});

test('idle, asking, streamed with a caret, complete with signature and a failed model shown, then back to idle', async ({ page }) => {
  const tag = `e2e-chanakya-${Date.now()}`;
  await behave('fusion', {
    reply: '## Friendship\n\nChoose friends who stand by you in famine (Chapter 1, Verse 12). **Test** them in adversity.',
    match: tag,
    delayMs: 600,
    chunkSize: 4,
    chunkDelayMs: 40,
  });
  await behave('beta', { fail: 'http500', match: tag });
  // The proposers wait too, so that the sage is seen contemplating before the first words stream in.
  for (const model of ['alpha', 'gamma']) await behave(model, { match: tag, delayMs: 800 });
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
  await expect(page.getByTestId('chanakya-answer').getByRole('heading', { name: 'Friendship' })).toBeVisible();
  await expect(page.getByTestId('chanakya-answer')).not.toContainText('## ');
  await expect(page.getByTestId('model-progress')).toContainText('Beta Claude: failed (');
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

test('the Chanakya screen works on a 360 px phone, and a used-up allowance says so with the plans', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await saveScreenshot(page, 'chanakya-idle-phone');
  await expectNoSeriousA11yViolations(page);
  await page.route('**/ai/v1/agent/GenerateAnswer', (route) =>
    route.fulfill({
      status: 402,
      json: { code: 'QUOTA_EXCEEDED', detail: 'You have used this month’s allowance. See the plans on the pricing page.' },
    }),
  );
  const box = page.getByRole('textbox', { name: 'Your question for Chanakya' });
  await box.fill('How to save?');
  await box.press('Enter');
  const card = page.getByTestId('failure-card');
  await expect(card).toContainText('The ancient wisdom is temporarily unavailable. Please try again later.', { timeout: 15_000 });
  await expect(card).toContainText('Your plan’s allowance is used up. You have used this month’s allowance.');
  await expect(card.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  await saveScreenshot(page, 'chanakya-quota-phone');
  await expectNoSeriousA11yViolations(page);
});

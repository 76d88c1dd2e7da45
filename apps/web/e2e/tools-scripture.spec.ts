import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { behave, fakeRequests } from './support/fake-llm';
import { createUser, signIn } from './support/users';

test.beforeEach(async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.goto('/tools/religion');
});

test('book selection rules: the hint, All Books, and a question blocked without a book', async ({ page }) => {
  await expect(page.getByText('Please select at least one religious text to begin your spiritual journey')).toBeVisible();
  await expect(page.getByTestId('book-card')).toHaveCount(8);
  const box = page.getByRole('textbox', { name: 'Your question' });
  await expect(box).toBeDisabled();
  await page.getByRole('button', { name: 'All Books' }).click();
  await expect(page.getByTestId('book-card').and(page.locator('[aria-pressed="true"]'))).toHaveCount(8);
  await page.getByRole('button', { name: 'All Books' }).click();
  await expect(page.getByTestId('book-card').and(page.locator('[aria-pressed="true"]'))).toHaveCount(0);
  await page.getByRole('button', { name: /Quran/ }).first().click();
  await expect(page.getByText('Please select at least one religious text')).toHaveCount(0);
  await expect(box).toBeEnabled();
  await box.fill('   ');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await saveScreenshot(page, 'religion-step1-desktop');
  await expectNoSeriousA11yViolations(page);
});

test('one streamed request per book (three at a time); Markdown answers, the ring, Compare All, collapse, and checked citations', async ({
  page,
}) => {
  const tag = `e2e-books-${Date.now()}`;
  await behave('fusion', {
    reply: '## Duty\n\nThe Gita teaches **duty** without attachment: Gita 2.47. It does not have Gita 19.1.',
    match: tag,
  });
  for (const name of ['Bhagavad Gita', 'Quran', 'The Bible']) await page.getByTestId('book-card').filter({ hasText: name }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill(`What is duty? ${tag}`);
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Back to Books' })).toBeVisible();
  await expect(page.getByTestId('book-ring')).toHaveAttribute('data-radius', '400');
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' })).toContainText('Gita 2.47', { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' })).toContainText('Gita 19.1 (reference not found)', { timeout: 15_000 });
  // Rendered by the chat's Markdown renderer: a heading and bold text, never a raw '## '.
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' }).getByRole('heading', { name: 'Duty' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' }).locator('strong')).toHaveText('duty');
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' })).not.toContainText('## ');
  const perBook = (await fakeRequests()).filter((r) => r.model === 'alpha' && JSON.stringify(r.messages).includes(tag));
  expect(perBook).toHaveLength(3);
  const systems = perBook.map((r) => String(r.messages[0]?.content));
  expect(systems.some((s) => s.includes('Bhagavad Gita'))).toBe(true);
  expect(systems.some((s) => s.includes('Quran'))).toBe(true);
  expect(systems.some((s) => s.includes('Bible'))).toBe(true);
  await expect(page.getByTestId('book-ring')).toHaveAttribute('data-active', '0');
  await page.getByRole('button', { name: 'Next book' }).click();
  await expect(page.getByTestId('book-ring')).toHaveAttribute('data-active', '1');
  await saveScreenshot(page, 'religion-ring-desktop');

  await page.getByRole('button', { name: 'Compare All' }).click();
  const items = page.getByTestId('compare-item');
  await expect(items).toHaveCount(3);
  const first = await items.first().getByRole('heading', { level: 3 }).innerText();
  await page.getByRole('button', { name: `Collapse ${first}` }).click();
  await expect(items.first().getByTestId('book-answer-text')).toHaveCount(0);
  await page.getByRole('button', { name: `Expand ${first}` }).click();
  // Reorder by keyboard drag (space, arrow, space) with @hello-pangea/dnd.
  await items.first().getByTestId('drag-handle').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(items.nth(1).getByRole('heading', { level: 3 })).toHaveText(first);
  await saveScreenshot(page, 'religion-compare-desktop');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to Books' }).click();
  await expect(page.getByTestId('book-card')).toHaveCount(8);
  await expect(page.getByRole('textbox', { name: 'Your question' })).toHaveValue('');
});

test('missing and empty answers show their messages; a failed book stays as a card with its reason and can be asked again', async ({
  page,
}) => {
  let call = 0;
  let failNext = true;
  await page.route('**/ai/v1/agent/GenerateAnswer', async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('BOOK_ID:gita')) return route.fulfill({ json: { data: {}, message: 'ok' } });
    if (body.includes('BOOK_ID:quran')) return route.fulfill({ json: { data: { best_output: '' }, message: 'ok' } });
    call += 1;
    if (failNext) {
      failNext = false;
      return route.fulfill({
        status: 502,
        json: { code: 'ALL_MODELS_FAILED', detail: 'Every AI model failed to answer. Please try again.' },
      });
    }
    return route.fulfill({ json: { data: { best_output: 'The Avesta answers now.' }, message: 'ok' } });
  });
  for (const name of ['Bhagavad Gita', 'Quran', 'Avesta']) await page.getByTestId('book-card').filter({ hasText: name }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill('Anything');
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  await page.getByRole('button', { name: 'Compare All' }).click();
  await expect(page.getByTestId('compare-item')).toHaveCount(3);
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' })).toContainText('No response available from Bhagavad Gita', {
    timeout: 10_000,
  });
  await expect(page.getByRole('article', { name: 'Quran' })).toContainText('No content available', { timeout: 10_000 });
  const avesta = page.getByRole('article', { name: 'Avesta' });
  await expect(avesta.getByTestId('failure-card')).toContainText('Avesta could not answer', { timeout: 10_000 });
  await expect(avesta.getByTestId('failure-card')).toContainText(
    'The AI models are unavailable. Every AI model failed to answer. Please try again.',
  );
  await saveScreenshot(page, 'religion-failure-card-desktop');
  await avesta.getByRole('button', { name: 'Ask again' }).click();
  await expect(avesta).toContainText('The Avesta answers now.', { timeout: 10_000 });
  await expect(avesta.getByTestId('failure-card')).toHaveCount(0);
  expect(call).toBe(2);
});

test('too many answers at once: the book waits as the server asks, then answers', async ({ page }) => {
  let refused = false;
  await page.route('**/ai/v1/agent/GenerateAnswer', async (route) => {
    if (!refused) {
      refused = true;
      return route.fulfill({
        status: 429,
        headers: { 'retry-after': '1' },
        json: { code: 'TOO_MANY_ANSWERS', detail: 'Several answers are already in progress. Please wait for one to finish.' },
      });
    }
    return route.fulfill({ json: { data: { best_output: 'Answered after waiting.' }, message: 'ok' } });
  });
  await page.getByTestId('book-card').filter({ hasText: 'Quran' }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill('Anything');
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  await expect(page.getByTestId('book-waiting')).toContainText('Waiting: too many answers at once', { timeout: 10_000 });
  await expect(page.getByRole('article', { name: 'Quran' })).toContainText('Answered after waiting.', { timeout: 10_000 });
});

test('the religion screen works on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: 'All Books' }).click();
  await saveScreenshot(page, 'religion-step1-phone');
  await page.getByRole('textbox', { name: 'Your question' }).fill('What is peace?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('book-ring')).toHaveAttribute('data-radius', '600');
  await expect(page.getByRole('article', { name: 'Quran' })).toContainText('Fused answer', { timeout: 20_000 });
  await saveScreenshot(page, 'religion-ring-phone');
  await expectNoSeriousA11yViolations(page);
});

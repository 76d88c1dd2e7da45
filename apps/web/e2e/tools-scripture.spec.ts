import { expect, expectNoSeriousA11yViolations, saveScreenshot, test, VIEWPORTS } from './fixtures';
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

test('one request per book in parallel; the ring, Compare All, collapse, and checked citations', async ({ page }) => {
  const tag = `e2e-books-${Date.now()}`;
  await behave('fusion', { reply: 'The Gita teaches duty without attachment: Gita 2.47. It does not have Gita 19.1.', match: tag });
  for (const name of ['Bhagavad Gita', 'Quran', 'The Bible']) await page.getByTestId('book-card').filter({ hasText: name }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill(`What is duty? ${tag}`);
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Back to Books' })).toBeVisible();
  await expect(page.getByTestId('book-ring')).toHaveAttribute('data-radius', '400');
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' })).toContainText('Gita 2.47', { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Bhagavad Gita' })).toContainText('Gita 19.1 (reference not found)', { timeout: 15_000 });
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

test('missing and empty answers show their messages; a failed request shows nothing', async ({ page }) => {
  let call = 0;
  await page.route('**/ai/v1/agent/GenerateAnswer', async (route) => {
    call += 1;
    if (call === 1) return route.fulfill({ json: { data: {}, message: 'ok' } });
    if (call === 2) return route.fulfill({ json: { data: { best_output: '' }, message: 'ok' } });
    return route.fulfill({ status: 500, json: { code: 'INTERNAL', detail: 'boom' } });
  });
  for (const name of ['Bhagavad Gita', 'Quran', 'Avesta']) await page.getByTestId('book-card').filter({ hasText: name }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill('Anything');
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  await page.getByRole('button', { name: 'Compare All' }).click();
  await expect(page.getByTestId('compare-item')).toHaveCount(2);
  await expect(page.getByTestId('compare-row')).toContainText(/No response available from (Bhagavad Gita|Quran|Avesta)/, {
    timeout: 10_000,
  });
  await expect(page.getByTestId('compare-row')).toContainText('No content available', { timeout: 10_000 });
});

test('the religion screen works on a phone', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: 'All Books' }).click();
  await saveScreenshot(page, 'religion-step1-phone');
  await page.getByRole('textbox', { name: 'Your question' }).fill('What is peace?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('book-ring')).toHaveAttribute('data-radius', '600');
  await expect(page.getByRole('article', { name: 'Quran' })).toContainText('Fused answer', { timeout: 20_000 });
  await saveScreenshot(page, 'religion-ring-phone');
});

import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures';
import { createUser, signIn } from './support/users';

test.describe('Payments through Razorpay (fake hosted page)', () => {
  test('pricing, Get Started, the hosted page, back to an active plan with a receipt, then cancel at period end', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await signIn(page, user);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('article', { name: 'Universe Plus' }).getByRole('button', { name: 'Get Started' }).click();

    // Razorpay's hosted page (the fake): the whole tab left our site.
    await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_FAKE_RAZORPAY_URL}/hosted/sub_`));
    await expect(page.getByText('₹399')).toBeVisible();
    await page.getByRole('button', { name: 'Authorise UPI autopay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Sangam' }).click();

    await expect(page).toHaveURL(/\/profile\/billing$/);
    await expect(page.getByTestId('billing-plan')).toHaveText('Universe Plus');
    await expect(page.getByRole('definition').filter({ hasText: 'Monthly' })).toBeVisible();
    await expect(page.getByTestId('billing-renewal')).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText('₹399');
    await page.getByRole('link', { name: 'Receipt' }).click();
    await expect(page.getByRole('region', { name: 'Receipt' })).toContainText(user.email);
    await expect(page.getByRole('region', { name: 'Receipt' })).toContainText('₹399 INR');
    await page.getByRole('link', { name: 'Back to billing' }).click();

    // The usage meter follows the plan at once.
    await page.goto('/profile');
    await expect(page.getByText(/of 2,00,000 tokens on the Universe Plus plan/)).toBeVisible();

    await page.goto('/profile/billing');
    await expect(page.getByTestId('billing-plan')).toHaveText('Universe Plus');
    await expectNoSeriousA11yViolations(page);
    // The paid billing page (plan, change form, payments table) fits a 360 px phone.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'billing-phone');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled: your plan ends on' })).toBeVisible();
    // Still on the plan until the period ends.
    await expect(page.getByTestId('billing-plan')).toHaveText('Universe Plus');
  });

  test('signed out, Get Started goes to sign-up and comes back to the plan after signing in', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('article', { name: 'Pro', exact: true }).getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    // Already has an account: signs in instead.
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/pricing\?plan=pro&period=monthly$/);
    await expect(page.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article', { name: 'Pro', exact: true }).getByRole('button', { name: 'Get Started' })).toBeVisible();
  });

  test('the billing page fits a 360 px phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const user = await createUser(request);
    await signIn(page, user);
    await page.goto('/profile/billing');
    await expect(page.getByTestId('billing-plan')).toHaveText('Free');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

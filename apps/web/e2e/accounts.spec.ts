import { expect, expectNoSeriousA11yViolations, saveScreenshot, test, VIEWPORTS } from './fixtures';
import { readLatestCode } from './support/outbox';
import { createUser, newUser, signIn } from './support/users';

test('sign up, read the code from the mail, verify, sign in, reach /chat and sign out', async ({ page }) => {
  const user = newUser();
  await page.goto('/signup');
  await expect(page.getByText('(3-30 characters, lowercase letters and numbers only)')).toBeVisible();
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Username').fill(`AB ${user.username}!`);
  await expect(page.getByLabel('Username')).toHaveValue(`ab${user.username}`);
  await expect(page.getByText('Username looks good!')).toBeVisible();
  await page.getByLabel('Email').pressSequentially(`${user.email} #`);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await expect(page.getByTestId('strength-meter')).toContainText('Weak');
  await page.getByLabel('Password', { exact: true }).fill('Weakpass1');
  await expect(page.getByTestId('strength-meter')).toContainText('Good');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await expect(page.getByTestId('strength-meter')).toContainText('Strong');
  await saveScreenshot(page, 'signup-desktop');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account created! Check your email for verification.' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/verify$/);
  await expect(page.getByText(`Enter the 6-digit code we sent to ${user.email}`)).toBeVisible();

  const code = await readLatestCode(user.email);
  const verifyButton = page.getByRole('button', { name: 'Verify Email' });
  await page.getByLabel('Verification code').fill('12ab3');
  await expect(page.getByLabel('Verification code')).toHaveValue('123');
  await expect(verifyButton).toBeDisabled();
  await page.getByLabel('Verification code').fill(code);
  await saveScreenshot(page, 'verify-desktop');
  await verifyButton.click();
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await expect(page.getByRole('heading', { name: 'Sangam' })).toBeVisible();
  await expect(page.getByText('Sign in to get refined and smarter responses')).toBeVisible();
  await page.getByLabel('Email').fill(`${user.email.replace('@', '')}`);
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await saveScreenshot(page, 'login-desktop');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

  // Signed in, the public navigation shows Continue Chat and the avatar menu; Sign Out clears everything.
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Continue Chat' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Pricing Plans',
    'Terms & Conditions',
    'Privacy Policy',
    'Delete Account',
    'Sign Out',
  ]);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('a wrong password shows the server message, which clears after 5 s', async ({ page, request }) => {
  const user = await createUser(request);
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.clock.runFor(5100);
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 1000 });
});

test('an unverified login leads to the verify screen with a resend', async ({ page, request }) => {
  const user = newUser();
  expect((await request.post('/api/v1/signup', { data: user })).status()).toBe(201);
  const first = await readLatestCode(user.email);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signup\/verify$/);
  await expect(page.getByText('Your email is not verified yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Resend code' }).click();
  // Within a minute of sign-up the resend is refused with the server's message.
  await expect(page.getByRole('alert')).toHaveText('Please wait a minute before asking for another code.');
  await page.getByLabel('Verification code').fill(first);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot and reset the password, then sign in with the new one', async ({ page, request }) => {
  const user = await createUser(request);
  const signupCode = await readLatestCode(user.email);
  await page.goto('/forgot');
  await expect(page.getByRole('button', { name: 'Send Reset Code' })).toBeDisabled();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByText('Reset code sent to your email')).toBeVisible();
  await expect(page).toHaveURL(/\/reset$/);
  const code = await readLatestCode(user.email, { not: signupCode });
  await page.getByLabel('Reset code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('N3w!password');
  await page.getByLabel('Confirm password', { exact: true }).fill('N3w!passwordX');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('N3w!password');
  await saveScreenshot(page, 'reset-desktop');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, { ...user, password: 'N3w!password' });
});

test('the guard sends a signed-out visitor to /login and back after signing in', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/tools/astrology');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/tools\/astrology$/);
  // A reload restores the session from storage.
  await page.reload();
  await expect(page).toHaveURL(/\/tools\/astrology$/);
});

test('edit the profile', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByText(user.username)).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('First name').fill('Priyanka');
  await page.getByLabel('Display name').fill('Priyanka Nair');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByText('Priyanka Nair')).toBeVisible();
  await saveScreenshot(page, 'profile-desktop');
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByText('Priyanka Nair')).toBeVisible();
});

test('delete the account in two steps; it then cannot sign in', async ({ page, request }) => {
  const user = await createUser(request);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/delete');
  await expect(page.getByText('permanently removes all your data, conversations and settings')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!pass1');
  await page.getByRole('button', { name: 'Continue to Delete Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Continue to Delete Account' }).click();
  await expect(page.getByText(`Deleting the account of ${user.email}`)).toBeVisible();
  // The failed try's message is gone with step 1, not left over step 2 until it times out.
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 1000 });
  const submit = page.getByRole('button', { name: 'Delete my account' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Reason').selectOption('privacy_concerns');
  await saveScreenshot(page, 'delete-phone');
  await expectNoSeriousA11yViolations(page);
  await submit.click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  const login = await request.post('/api/v1/login', { form: { username: user.email, password: user.password } });
  expect(login.status()).toBe(401);
});

test('deleting still works after step 1’s access token expired: the password of step 2 verifies again', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/delete');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Continue to Delete Account' }).click();
  await expect(page.getByText(`Deleting the account of ${user.email}`)).toBeVisible();
  // The e2e server's access tokens live 15 s (global-setup.ts): this one is expired when step 2 is sent.
  await page.waitForTimeout(16_000);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Reason').selectOption('privacy_concerns');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  const login = await request.post('/api/v1/login', { form: { username: user.email, password: user.password } });
  expect(login.status()).toBe(401);
});

test('settings delete needs the account email and the word DELETE', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings');
  const button = page.getByRole('button', { name: 'Delete Account' });
  await page.getByLabel('Type your account email').fill(user.email.toUpperCase());
  await page.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(button).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(button).toBeEnabled();
  await saveScreenshot(page, 'settings-desktop');
  await expectNoSeriousA11yViolations(page);
  await button.click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
});

test('the session survives a reload and an expired access token is refreshed transparently', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  const firstToken = await page.evaluate(() => localStorage.getItem('authToken'));
  await page.reload();
  await expect(page).toHaveURL(/\/chat$/);
  // The e2e server issues 15-second access tokens: wait past that and keep working.
  await page.waitForTimeout(16_000);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Display name').fill('Refreshed User');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBe(firstToken);
});

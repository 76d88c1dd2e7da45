import { ERRORS } from '@sangam/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountFlow } from '@/features/account/components/delete-account-flow';
import { errorOfResponse } from '@/lib/app-error';
import { authApi } from '@/lib/auth/auth-api';
import { makeStore } from '@/lib/store';

afterEach(() => vi.restoreAllMocks());

const user = { id: 'u1', firstName: 'A', lastName: 'B', name: 'A B', username: 'ab', email: 'asha@example.com', plan: 'free' };
const signedIn = (token: string) => ({
  user: { ...user, locale: null, answerLanguage: 'same' as const },
  token,
  access_token: token,
  refresh_token: 'r',
  token_type: 'bearer' as const,
  expires_in: 900,
});
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

/** Step 1 with the email and password, then step 2 with the password and a reason, submitted. */
async function throughBothSteps() {
  render(
    <Provider store={makeStore({ restore: false })}>
      <DeleteAccountFlow onCancel={() => {}} onDeleted={() => {}} />
    </Provider>,
  );
  fill('Email', 'asha@example.com');
  fill('Password', 'Str0ng!pass');
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Delete Account' }));
  await screen.findByText('Deleting the account of');
  fill('Password', 'Str0ng!pass');
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'privacy_concerns' } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

describe('DeleteAccountFlow', () => {
  it('verifies again with the password of step 2 when step 1’s token expired meanwhile, then deletes', async () => {
    const login = vi.spyOn(authApi, 'login').mockResolvedValueOnce(signedIn('first')).mockResolvedValueOnce(signedIn('second'));
    const tokens: string[] = [];
    vi.spyOn(authApi, 'deleteAccount').mockImplementation(async (token) => {
      tokens.push(token);
      if (token === 'first') throw errorOfResponse(401, { code: 'TOKEN_EXPIRED', detail: ERRORS.TOKEN_EXPIRED.detail });
      return { message: 'Account deleted successfully' };
    });
    await throughBothSteps();
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(tokens).toEqual(['first', 'second']);
    expect(login).toHaveBeenLastCalledWith('asha@example.com', 'Str0ng!pass');
    expect(screen.queryByText(ERRORS.TOKEN_EXPIRED.detail)).toBeNull();
  });

  it('shows any other refusal as it is, without verifying again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const login = vi.spyOn(authApi, 'login').mockResolvedValue(signedIn('first'));
    vi.spyOn(authApi, 'deleteAccount').mockRejectedValue(
      errorOfResponse(401, { code: 'INVALID_CREDENTIALS', detail: ERRORS.INVALID_CREDENTIALS.detail }),
    );
    await throughBothSteps();
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS.INVALID_CREDENTIALS.detail);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled());
    expect(login).toHaveBeenCalledTimes(1);
  });
});

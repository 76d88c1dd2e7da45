import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerLanguageSetting } from '@/features/account/components/answer-language-setting';
import { authApi } from '@/lib/auth/auth-api';
import { login } from '@/lib/auth/auth-slice';
import { makeStore } from '@/lib/store';

afterEach(() => vi.restoreAllMocks());

const user = { id: 'u1', firstName: 'A', lastName: 'B', name: 'A B', username: 'ab', email: 'a@b.co', plan: 'free' };

async function signedIn() {
  vi.spyOn(authApi, 'login').mockResolvedValue({
    user: { ...user, locale: null, answerLanguage: 'same' },
    token: 't',
    access_token: 't',
    refresh_token: 'r',
    token_type: 'bearer',
    expires_in: 900,
  });
  const store = makeStore({ restore: false });
  await store.dispatch(login({ email: 'a@b.co', password: 'secret1' }));
  return store;
}

describe('Answer in', () => {
  it('shows "Same as my question" by default and keeps a fixed language on the profile', async () => {
    const store = await signedIn();
    const update = vi
      .spyOn(authApi, 'updateProfile')
      .mockResolvedValue({ user: { ...user, answerLanguage: 'ta' }, message: 'Profile updated successfully!' });
    render(
      <Provider store={store}>
        <AnswerLanguageSetting />
      </Provider>,
    );
    const select = screen.getByRole('combobox', { name: 'Answer in' });
    expect(select).toHaveValue('same');
    expect(screen.getByRole('option', { name: 'Same as my question' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'தமிழ்' })).toHaveAttribute('lang', 'ta');
    fireEvent.change(select, { target: { value: 'ta' } });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({ answerLanguage: 'ta' });
    expect(store.getState().auth.user?.answerLanguage).toBe('ta');
    expect(select).toHaveValue('ta');
  });

  it('says so when the choice could not be saved', async () => {
    const store = await signedIn();
    vi.spyOn(authApi, 'updateProfile').mockRejectedValue(new Error('offline'));
    render(
      <Provider store={store}>
        <AnswerLanguageSetting />
      </Provider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Answer in' }), { target: { value: 'hi' } });
    expect(await screen.findByText('Could not save your choice. Please try again.')).toBeInTheDocument();
  });
});

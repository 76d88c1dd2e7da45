import { configureStore } from '@reduxjs/toolkit';
import { ERRORS } from '@sangam/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginRoute } from '@/app/routes/auth/login';
import { errorOfResponse } from '@/lib/app-error';
import { authApi } from '@/lib/auth/auth-api';
import { authSlice, initialAuthState } from '@/lib/auth/auth-slice';

afterEach(() => vi.restoreAllMocks());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const session = {
  user: { id: 'u1', firstName: 'Asha', lastName: 'Rao', name: 'Asha Rao', username: 'asha', email: 'asha@example.com', plan: 'free' },
  token: 'access',
  access_token: 'access',
  refresh_token: 'refresh-token-0123456789',
  token_type: 'bearer' as const,
  expires_in: 900,
};

describe('LoginRoute', () => {
  it('asks for the mailed sign-in code on LOGIN_CODE_REQUIRED, then signs in with it', async () => {
    const calls: unknown[][] = [];
    vi.spyOn(authApi, 'login').mockImplementation(async (...args) => {
      calls.push(args);
      if (!args[2]) throw errorOfResponse(401, { code: 'LOGIN_CODE_REQUIRED', detail: ERRORS.LOGIN_CODE_REQUIRED.detail });
      return session;
    });
    const store = configureStore({ reducer: { auth: authSlice.reducer }, preloadedState: { auth: initialAuthState } });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginRoute />} />
            <Route path="/chat" element={<p>chat page</p>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    fill('Email', 'asha@example.com');
    fill('Password', 'Str0ng!pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(ERRORS.LOGIN_CODE_REQUIRED.detail)).toBeInTheDocument();
    fill('Sign-in code', '12a3456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(calls).toEqual([
      ['asha@example.com', 'Str0ng!pass', undefined],
      ['asha@example.com', 'Str0ng!pass', '123456'],
    ]);
  });
});

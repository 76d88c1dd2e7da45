import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser, SessionResponse } from '@sangam/contracts';
import { authApi } from '@/lib/auth/auth-api';
import { errorCode, errorText } from '@/lib/auth/error-text';
import { readStoredSession } from '@/lib/auth/storage';

export type SessionUser = Pick<
  PublicUser,
  'id' | 'firstName' | 'lastName' | 'name' | 'username' | 'email' | 'locale' | 'answerLanguage'
> & {
  plan?: string;
};

/** The auth session of docs/spec-rules.md §3. */
export type AuthState = {
  user: SessionUser | null;
  token: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  message: string | null;
  lastLoginTime: number | null;
};

export const initialAuthState: AuthState = {
  user: null,
  token: null,
  accessToken: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  message: null,
  lastLoginTime: null,
};

/** At start: the stored session, still loading until the status check confirms it. */
export function restoredAuthState(): AuthState {
  const stored = readStoredSession();
  if (!stored.accessToken) return initialAuthState;
  return { ...initialAuthState, ...stored, token: stored.accessToken, isLoading: true };
}

type Rejected = { message: string; code?: string };
const reject = (err: unknown, fallback: string): Rejected => ({ message: errorText(err, fallback), code: errorCode(err) });

export const login = createAsyncThunk<SessionResponse, { email: string; password: string; code?: string }, { rejectValue: Rejected }>(
  'auth/login',
  async (input, { rejectWithValue }) => {
    try {
      return await authApi.login(input.email, input.password, input.code);
    } catch (err) {
      return rejectWithValue(reject(err, i18n._(msg`Login failed`)));
    }
  },
);

export const refreshSession = createAsyncThunk<SessionResponse, void, { state: { auth: AuthState }; rejectValue: Rejected }>(
  'auth/refresh',
  async (_, { getState, rejectWithValue }) => {
    const token = getState().auth.refreshToken;
    if (!token) return rejectWithValue({ message: 'Token refresh failed' });
    try {
      return await authApi.refresh(token);
    } catch (err) {
      return rejectWithValue(reject(err, 'Token refresh failed'));
    }
  },
);

export const checkStatus = createAsyncThunk<
  { user: PublicUser; token: string },
  void,
  { state: { auth: AuthState }; rejectValue: Rejected }
>('auth/checkStatus', async (_, { getState, rejectWithValue }) => {
  const { accessToken, user, refreshToken } = getState().auth;
  if (!accessToken || !user) return rejectWithValue({ message: 'No valid authentication found' });
  try {
    const res = await authApi.verify(accessToken);
    return { user: res.user, token: res.access_token };
  } catch (err) {
    if (!refreshToken) return rejectWithValue(reject(err, 'Authentication verification failed'));
    try {
      const res = await authApi.refresh(refreshToken);
      return { user: res.user, token: res.access_token, refreshToken: res.refresh_token };
    } catch (refreshErr) {
      return rejectWithValue(reject(refreshErr, 'Authentication verification failed'));
    }
  }
});

/** Logout clears everything even when the server call fails (the failure is only logged). */
export const logout = createAsyncThunk<string, void, { state: { auth: AuthState } }>('auth/logout', async (_, { getState }) => {
  try {
    await authApi.logout(getState().auth.accessToken);
    return 'Logged out successfully';
  } catch (err) {
    console.error('Logout request failed; signing out locally', err);
    return '';
  }
});

const signedIn = (state: AuthState, res: { user: PublicUser; access_token: string; refresh_token?: string }, now: number) => {
  state.user = res.user;
  state.token = res.access_token;
  state.accessToken = res.access_token;
  if (res.refresh_token) state.refreshToken = res.refresh_token;
  state.isAuthenticated = true;
  state.isLoading = false;
  state.lastLoginTime = now;
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionCleared: () => initialAuthState,
    messagesCleared: (state) => {
      state.error = null;
      state.message = null;
    },
    userUpdated: (state, action: PayloadAction<SessionUser>) => {
      state.user = action.payload;
    },
  },
  extraReducers: (b) => {
    b.addCase(login.pending, (state) => {
      state.isLoading = true;
      state.error = null;
      state.message = null;
    })
      .addCase(login.fulfilled, (state, action) => {
        signedIn(state, action.payload, Date.now());
        state.message = 'Login successful!';
      })
      .addCase(login.rejected, (state, action) => {
        state.isLoading = false;
        state.isAuthenticated = false;
        state.error = action.payload?.message ?? 'Login failed';
      })
      .addCase(refreshSession.fulfilled, (state, action) => {
        signedIn(state, action.payload, Date.now());
      })
      .addCase(refreshSession.rejected, () => initialAuthState)
      .addCase(checkStatus.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(checkStatus.fulfilled, (state, action) => {
        const p = action.payload as { user: PublicUser; token: string; refreshToken?: string };
        state.user = p.user;
        state.token = p.token;
        state.accessToken = p.token;
        if (p.refreshToken) {
          state.refreshToken = p.refreshToken;
          state.lastLoginTime = Date.now();
        }
        state.isAuthenticated = true;
        state.isLoading = false;
      })
      .addCase(checkStatus.rejected, (_state, action) => ({
        ...initialAuthState,
        error: action.payload?.message ?? 'Authentication verification failed',
      }))
      .addCase(logout.fulfilled, (_state, action) => ({ ...initialAuthState, message: action.payload || null }));
  },
});

export const { sessionCleared, messagesCleared, userUpdated } = authSlice.actions;

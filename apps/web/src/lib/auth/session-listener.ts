import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { configureAuth } from '@/lib/api-client';
import { type AuthState, checkStatus, login, logout, refreshSession, sessionCleared, userUpdated } from '@/lib/auth/auth-slice';
import { clearUserStorage, writeStoredSession } from '@/lib/auth/storage';

export const REFRESH_AFTER_MS = 50 * 60 * 1000;
export const REFRESH_CHECK_EVERY_MS = 60 * 1000;

type State = { auth: AuthState };
type Dispatch = (action: unknown) => unknown;

export const sessionListener = createListenerMiddleware();

/** Persists the session whenever it changes. */
sessionListener.startListening({
  matcher: isAnyOf(
    login.fulfilled,
    refreshSession.fulfilled,
    refreshSession.rejected,
    checkStatus.fulfilled,
    checkStatus.rejected,
    logout.fulfilled,
    sessionCleared,
    userUpdated,
  ),
  effect: (_action, api) => {
    const { auth } = api.getState() as State;
    if (!auth.isAuthenticated && !auth.isLoading) {
      clearUserStorage();
      return;
    }
    writeStoredSession({
      accessToken: auth.accessToken,
      refreshToken: auth.refreshToken,
      user: auth.user,
      lastLoginTime: auth.lastLoginTime,
    });
  },
});

let lastCheck = 0;
/**
 * The background refresh: after any store action, at most once per 60 s, when signed in with a
 * refresh token and more than 50 minutes have passed since lastLoginTime. A failure signs out.
 */
sessionListener.startListening({
  predicate: () => true,
  effect: async (_action, api) => {
    const now = Date.now();
    if (now - lastCheck < REFRESH_CHECK_EVERY_MS) return;
    lastCheck = now;
    const { auth } = api.getState() as State;
    if (!auth.isAuthenticated || !auth.refreshToken || !auth.lastLoginTime) return;
    if (now - auth.lastLoginTime <= REFRESH_AFTER_MS) return;
    await refreshOnce(api.dispatch as Dispatch);
  },
});

let inFlight: Promise<string | null> | null = null;
/** One refresh shared by every caller that needs it at the same moment. */
export function refreshOnce(dispatch: Dispatch): Promise<string | null> {
  inFlight ??= (async () => {
    const result = (await dispatch(refreshSession())) as { meta: { requestStatus: string }; payload: { access_token?: string } };
    return result.meta.requestStatus === 'fulfilled' ? (result.payload.access_token ?? null) : null;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Wires the API client to the store: the bearer token, and one shared refresh on a 401. */
export function connectApiClient(store: { getState: () => unknown; dispatch: Dispatch }) {
  configureAuth({
    getAccessToken: () => (store.getState() as State).auth.accessToken,
    refresh: () => ((store.getState() as State).auth.refreshToken ? refreshOnce(store.dispatch) : Promise.resolve(null)),
  });
}

/** Test hook: forget when the last background check ran. */
export function resetRefreshCheck() {
  lastCheck = 0;
}

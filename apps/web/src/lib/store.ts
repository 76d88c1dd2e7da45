import { configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { authSlice, checkStatus, restoredAuthState } from '@/lib/auth/auth-slice';
import { connectApiClient, sessionListener } from '@/lib/auth/session-listener';
import { connectLocaleSync } from '@/lib/i18n/locale-sync';

export function makeStore({ restore = true }: { restore?: boolean } = {}) {
  const store = configureStore({
    reducer: { auth: authSlice.reducer },
    preloadedState: { auth: restore ? restoredAuthState() : authSlice.getInitialState() },
    middleware: (getDefault) => getDefault().prepend(sessionListener.middleware),
  });
  connectApiClient(store);
  connectLocaleSync(store);
  // On start, a stored token that is not yet confirmed triggers the session restore.
  if (store.getState().auth.isLoading) void store.dispatch(checkStatus());
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

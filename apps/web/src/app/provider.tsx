import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore, useAppSelector } from '@/lib/store';

/** A change of user (sign-out, or another account signing in) empties the query cache. */
function ForgetPreviousUser() {
  const userId = useAppSelector((s) => s.auth.user?.id ?? null);
  const queryClient = useQueryClient();
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId, queryClient]);
  return null;
}

/** `restore: false` starts signed out without reading the stored session (the build's prerender, in Node). */
export function AppProvider({ children, restore = true }: { children: ReactNode; restore?: boolean }) {
  const [store] = useState(() => makeStore({ restore }));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } }));
  return (
    <I18nProvider i18n={i18n}>
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <ForgetPreviousUser />
          {children}
        </QueryClientProvider>
      </Provider>
    </I18nProvider>
  );
}

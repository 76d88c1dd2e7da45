import { i18n } from '@lingui/core';
import { type LocaleCode, localeSchema } from '@sangam/contracts';
import { authApi } from '@/lib/auth/auth-api';
import { type AuthState, userUpdated } from '@/lib/auth/auth-slice';
import { chooseLocale, whenLocaleChosen } from '@/lib/i18n/locale';

type Store = {
  getState: () => { auth: AuthState };
  dispatch: (action: ReturnType<typeof userUpdated>) => unknown;
  subscribe: (fn: () => void) => () => void;
};

/**
 * Keeps the signed-in user's language on the server as well as on this device: a language chosen
 * while signed in is saved on the profile; a profile language (chosen on another device, or adopted
 * at sign-in) is switched to and kept here. The app has one store: connecting another (a test's)
 * disconnects the one before. Returns a function that stops both.
 */
let disconnect: (() => void) | undefined;
export function connectLocaleSync(store: Store): () => void {
  disconnect?.();
  let saving: LocaleCode | undefined;
  const stopChosen = whenLocaleChosen(async (locale) => {
    const { auth } = store.getState();
    const chosen = localeSchema.safeParse(locale).data;
    if (!auth.isAuthenticated || !auth.user || !chosen || auth.user.locale === chosen) return;
    saving = chosen;
    try {
      const res = await authApi.updateProfile({ locale: chosen });
      store.dispatch(userUpdated(res.user));
    } catch {
      // Kept on this device; the next choice while signed in tries the profile again.
    } finally {
      saving = undefined;
    }
  });
  const stopAdopt = store.subscribe(() => {
    const { auth } = store.getState();
    const profile = auth.isAuthenticated ? auth.user?.locale : undefined;
    if (!profile || saving || profile === i18n.locale) return;
    void chooseLocale(profile);
  });
  disconnect = () => {
    stopChosen();
    stopAdopt();
  };
  return disconnect;
}

import type { SessionUser } from '@/lib/auth/auth-slice';

/** Persisted keys of docs/spec-rules.md §3: authToken plus the rest of the session, and the user's chats. */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  user: 'user',
  lastLoginTime: 'lastLoginTime',
  chatSessions: 'chatSessions',
} as const;
/** Session storage: the address a sign-up is verifying. */
export const SIGNUP_EMAIL_KEY = 'signupEmail';

export type StoredSession = {
  accessToken: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  lastLoginTime: number | null;
};

export function readStoredSession(): StoredSession {
  try {
    const user = localStorage.getItem(STORAGE_KEYS.user);
    const last = localStorage.getItem(STORAGE_KEYS.lastLoginTime);
    return {
      accessToken: localStorage.getItem(STORAGE_KEYS.authToken),
      refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken),
      user: user ? (JSON.parse(user) as SessionUser) : null,
      lastLoginTime: last ? Number(last) : null,
    };
  } catch (err) {
    console.error('Could not read the stored session', err);
    return { accessToken: null, refreshToken: null, user: null, lastLoginTime: null };
  }
}

export function writeStoredSession(s: StoredSession) {
  try {
    const set = (key: string, value: string | null) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value));
    set(STORAGE_KEYS.authToken, s.accessToken);
    set(STORAGE_KEYS.refreshToken, s.refreshToken);
    set(STORAGE_KEYS.user, s.user ? JSON.stringify(s.user) : null);
    set(STORAGE_KEYS.lastLoginTime, s.lastLoginTime === null ? null : String(s.lastLoginTime));
  } catch (err) {
    console.error('Could not store the session', err);
  }
}

/**
 * Sign-out forgets everything this browser keeps for the user: the session and the cached chats in
 * local storage, the pending sign-up in session storage. Only device settings (the theme) stay, so
 * the next person to sign in on this browser starts from nothing.
 */
export function clearUserStorage() {
  try {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
    sessionStorage.removeItem(SIGNUP_EMAIL_KEY);
  } catch (err) {
    console.error('Could not clear the stored session', err);
  }
}

/**
 * Where to go once the visitor is signed in, kept in this tab's sessionStorage across sign-up,
 * the emailed code and sign-in (Get Started on a plan comes back to that plan). Only paths inside
 * the app are kept.
 */
const KEY = 'sangam.returnTo';

export function setReturnTo(path: string) {
  if (path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(KEY, path);
}

/** The stored path, removed as it is read. */
export function takeReturnTo(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}

import { type AppError, errorOfResponse } from '@/lib/app-error';

/** Every network request is aborted after this long (docs/spec-rules.md §7). */
export const REQUEST_TIMEOUT_MS = 300_000;

type AuthHooks = {
  getAccessToken: () => string | null;
  /** Called on a 401: refreshes the session once (shared by concurrent callers); resolves to the new token or null. */
  refresh: () => Promise<string | null>;
};
let hooks: AuthHooks = { getAccessToken: () => null, refresh: async () => null };

/** The session store plugs in here (lib/auth), so this module never imports the store. */
export function configureAuth(next: AuthHooks) {
  hooks = next;
}

/** Joins the caller's signal with the 300000 ms time-out. */
function withTimeout(signal?: AbortSignal | null): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * fetch with the bearer token, the time-out, and one shared refresh-and-replay on a 401
 * (not for the auth paths themselves).
 */
export async function authFetch(input: string, init: RequestInit & { skipAuthRefresh?: boolean } = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers, signal: withTimeout(init.signal) });
  };
  const res = await send(hooks.getAccessToken());
  if (res.status !== 401 || init.skipAuthRefresh) return res;
  const token = await hooks.refresh();
  return token ? send(token) : res;
}

/** Reads an error body whatever its shape into the one AppError; never throws. */
export async function readError(res: Response): Promise<AppError> {
  let body: unknown = {};
  try {
    body = await res.json();
  } catch {
    body = {};
  }
  return errorOfResponse(res.status, body, res.headers.get('retry-after'));
}

/** JSON request helper: throws AppError for a non-2xx answer. */
export async function requestJson<T>(input: string, init: RequestInit & { skipAuthRefresh?: boolean } = {}): Promise<T> {
  const res = await authFetch(input, {
    ...init,
    headers: { accept: 'application/json', ...Object.fromEntries(new Headers(init.headers)) },
  });
  if (!res.ok) throw await readError(res);
  return (await res.json()) as T;
}

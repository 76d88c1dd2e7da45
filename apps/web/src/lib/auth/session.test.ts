import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authFetch } from '@/lib/api-client';
import { login, logout } from '@/lib/auth/auth-slice';
import { REFRESH_AFTER_MS, resetRefreshCheck } from '@/lib/auth/session-listener';
import { makeStore } from '@/lib/store';

const session = (access: string, refresh: string) => ({
  user: { id: 'u1', firstName: 'A', lastName: 'B', name: 'A B', username: 'ab', email: 'a@b.co', plan: 'free' },
  token: access,
  access_token: access,
  refresh_token: refresh,
  token_type: 'bearer',
  expires_in: 900,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  resetRefreshCheck();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function signedInStore() {
  fetchMock.mockResolvedValueOnce(json(200, session('access-1', 'refresh-1')));
  const store = makeStore({ restore: false });
  await store.dispatch(login({ email: 'a@b.co', password: 'secret1' }));
  return store;
}

describe('session store', () => {
  it('stores the session under the spec keys after login', async () => {
    const store = await signedInStore();
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: true,
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      message: 'Login successful!',
    });
    expect(localStorage.getItem('authToken')).toBe('access-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('a@b.co');
  });

  it('concurrent 401s share one refresh, then every request is replayed with the new token', async () => {
    await signedInStore();
    const seen: string[] = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get('authorization');
      if (url === '/api/v1/refresh') {
        await new Promise((r) => setTimeout(r, 20));
        return json(200, session('access-2', 'refresh-2'));
      }
      seen.push(`${url} ${auth}`);
      return auth === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { code: 'TOKEN_EXPIRED', detail: 'expired' });
    });
    const results = await Promise.all([authFetch('/api/a'), authFetch('/api/b'), authFetch('/api/c')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/v1/refresh')).toHaveLength(1);
    expect(seen.filter((s) => s.endsWith('access-2')).sort()).toEqual([
      '/api/a Bearer access-2',
      '/api/b Bearer access-2',
      '/api/c Bearer access-2',
    ]);
  });

  it('a failed refresh signs the user out', async () => {
    const store = await signedInStore();
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/v1/refresh' ? json(401, { code: 'REFRESH_INVALID', detail: 'Token refresh failed' }) : json(401, {}),
    );
    const res = await authFetch('/api/a');
    expect(res.status).toBe(401);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('refreshes in the background after 50 minutes, checking at most once per 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const store = await signedInStore();
    fetchMock.mockResolvedValue(json(200, session('access-2', 'refresh-2')));
    vi.setSystemTime(Date.now() + REFRESH_AFTER_MS - 1000);
    resetRefreshCheck();
    store.dispatch({ type: 'any/action' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 30_000);
    store.dispatch({ type: 'any/action' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 31_000);
    store.dispatch({ type: 'any/action' });
    await vi.waitFor(() => expect(store.getState().auth.accessToken).toBe('access-2'));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/v1/refresh')).toHaveLength(1);
  });

  it('logout clears everything even when the server call fails', async () => {
    const store = await signedInStore();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('network down'));
    await store.dispatch(logout());
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, accessToken: null, refreshToken: null });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it("logout removes the user's cached chats and pending sign-up too, keeping only the device theme", async () => {
    const store = await signedInStore();
    localStorage.setItem('chatSessions', JSON.stringify([{ chatId: 'c1', title: 'Secret' }]));
    localStorage.setItem('theme', 'light');
    sessionStorage.setItem('signupEmail', 'a@b.co');
    fetchMock.mockResolvedValue(json(200, { message: 'Logged out successfully' }));
    await store.dispatch(logout());
    expect(Object.keys(localStorage)).toEqual(['theme']);
    expect(sessionStorage.getItem('signupEmail')).toBeNull();
  });
});

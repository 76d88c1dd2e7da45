import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, userUpdated } from '@/lib/auth/auth-slice';
import { activateLocale, chooseLocale, LOCALE_STORAGE_KEY } from '@/lib/i18n/locale';
import { makeStore } from '@/lib/store';

const user = { id: 'u1', firstName: 'A', lastName: 'B', name: 'A B', username: 'ab', email: 'a@b.co', plan: 'free' };
const session = (locale: string | null) => ({
  user: { ...user, locale, answerLanguage: 'same' },
  token: 'access',
  access_token: 'access',
  refresh_token: 'refresh',
  token_type: 'bearer',
  expires_in: 900,
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const bodyOf = (call: unknown[]) => String((call[1] as RequestInit).body);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
};

describe('the language follows the signed-in user', () => {
  it('signing in sends the language kept on this device, which the profile adopts', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'ta');
    fetchMock.mockResolvedValueOnce(json(session('ta')));
    const store = makeStore({ restore: false });
    await store.dispatch(login({ email: 'a@b.co', password: 'secret1' }));
    expect(bodyOf(fetchMock.mock.calls[0] as unknown[])).toContain('locale=ta');
  });

  it('a profile language chosen on another device is switched to and kept here', async () => {
    fetchMock.mockResolvedValueOnce(json(session('hi')));
    const store = makeStore({ restore: false });
    await store.dispatch(login({ email: 'a@b.co', password: 'secret1' }));
    await until(() => i18n.locale === 'hi');
    expect(i18n.locale).toBe('hi');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('hi');
  });

  it('a language chosen while signed in is saved on the profile', async () => {
    fetchMock.mockResolvedValueOnce(json(session(null)));
    const store = makeStore({ restore: false });
    await store.dispatch(login({ email: 'a@b.co', password: 'secret1' }));
    fetchMock.mockResolvedValueOnce(json({ user: { ...user, locale: 'ml' }, message: 'Profile updated successfully!' }));
    await chooseLocale('ml');
    await until(() => store.getState().auth.user?.locale === 'ml');
    const put = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/api/user/update')) as unknown[];
    expect(JSON.parse(bodyOf(put))).toEqual({ locale: 'ml' });
    expect(store.getState().auth.user?.locale).toBe('ml');
    store.dispatch(userUpdated({ ...user, locale: 'ml' }));
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/api/user/update'))).toHaveLength(1);
  });
});

import type { PublicUser, SessionResponse, UpdateProfile } from '@sangam/contracts';
import { requestJson } from '@/lib/api-client';
import { keptLocale, screenLocale } from '@/lib/i18n/current-locale';

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const noRefresh = { skipAuthRefresh: true } as const;
/** The language on screen goes with the account requests: their mails are written in it. */
const inLocale = <T extends object>(body: T) => {
  const locale = screenLocale();
  return locale ? { ...body, locale } : body;
};
/** Signing in carries the language chosen on this device, which the profile then keeps. */
const keptChoice = (): Record<string, string> => {
  const locale = keptLocale();
  return locale ? { locale } : {};
};

/** The account calls of docs/spec-rules.md §7 (auth paths never trigger the 401 refresh). */
export const authApi = {
  login: (email: string, password: string, code?: string) =>
    requestJson<SessionResponse>('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password, ...(code ? { code } : {}), ...keptChoice() }),
      ...noRefresh,
    }),
  signup: (body: { name: string; username: string; email: string; password: string }) =>
    requestJson<{ message: string }>('/api/v1/signup', { method: 'POST', ...json(inLocale(body)), ...noRefresh }),
  verifyOtp: (body: { email: string; code: string }) =>
    requestJson<{ message: string }>('/api/v1/signup/otp_verify', { method: 'POST', ...json(inLocale(body)), ...noRefresh }),
  resendOtp: (email: string) =>
    requestJson<{ message: string }>('/api/v1/signup/resend_otp', { method: 'POST', ...json(inLocale({ email })), ...noRefresh }),
  forgot: (email: string) =>
    requestJson<{ message: string }>('/api/v1/forgot-password', { method: 'POST', ...json(inLocale({ email })), ...noRefresh }),
  reset: (body: { email: string; code: string; password: string; confirm: string }) =>
    requestJson<{ message: string }>('/api/v1/reset-password', { method: 'POST', ...json(inLocale(body)), ...noRefresh }),
  refresh: (refreshToken: string) =>
    requestJson<SessionResponse>('/api/v1/refresh', { method: 'POST', ...json({ refresh_token: refreshToken }), ...noRefresh }),
  logout: (accessToken: string | null) =>
    requestJson<{ message: string }>('/api/v1/auth/logout', {
      method: 'POST',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      ...noRefresh,
    }),
  verify: (accessToken: string) =>
    requestJson<{ user: PublicUser; token: string; access_token: string }>('/api/v1/auth/verify', {
      headers: { authorization: `Bearer ${accessToken}` },
      ...noRefresh,
    }),
  deleteAccount: (verifiedToken: string, body: { password: string; reason: string; feedback?: string }) =>
    requestJson<{ message: string }>('/api/v1/users/account', {
      method: 'DELETE',
      ...json(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${verifiedToken}` },
      ...noRefresh,
    }),
  updateProfile: (body: UpdateProfile) =>
    requestJson<{ user: PublicUser; message: string }>('/api/user/update', { method: 'PUT', ...json(body) }),
  deleteBySettings: (body: { email: string; confirmation: string; password?: string }) =>
    requestJson<{ message: string }>('/api/user/delete', { method: 'DELETE', ...json(body) }),
};

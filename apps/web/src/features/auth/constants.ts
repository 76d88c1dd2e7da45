import { SIGNUP_EMAIL_KEY } from '@/lib/auth/storage';

/** Redirect delay after a successful auth step (docs/spec-rules.md §9). */
export const REDIRECT_DELAY_MS = 1500;

/** Where the sign-up email is kept so /signup/verify finds it after a reload (cleared on sign-out). */
export const SIGNUP_FORM_KEY = SIGNUP_EMAIL_KEY;

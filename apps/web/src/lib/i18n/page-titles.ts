import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { matchPath } from 'react-router';
import { BRAND } from '@/config/brand';

/**
 * Each screen's name in the tab (`document.title`), in the user's language. A path that no pattern
 * matches (the landing page, an unknown path) reads the product's tagline.
 */
const SCREEN_TITLES: [pattern: string, title: MessageDescriptor][] = [
  ['/features', msg`Features`],
  ['/about', msg`About`],
  ['/pricing', msg`Pricing`],
  ['/developers', msg`Developers`],
  ['/leaderboard', msg`Leaderboard`],
  ['/arena', msg`Arena`],
  ['/policies/terms-of-use', msg`Terms of Use`],
  ['/policies/privacy-policy', msg`Privacy Policy`],
  ['/share/:shareId', msg`Shared chat`],
  ['/delete', msg`Delete account`],
  ['/login', msg`Log In`],
  ['/signup', msg`Sign Up`],
  ['/signup/verify', msg`Verify your email`],
  ['/forgot', msg`Forgot password`],
  ['/reset', msg`Reset password`],
  ['/chat', msg`Chat`],
  ['/chat/:chatId', msg`Chat`],
  ['/chat/:chatId/submission', msg`Chat`],
  ['/tools/religion', msg`Religion`],
  ['/tools/astrology', msg`Astrology`],
  ['/tools/food', msg`Chef AI`],
  ['/tools/calorie', msg`Nutrie AI`],
  ['/tools/chanakyaniti', msg`Chanakyaniti`],
  ['/profile', msg`Profile`],
  ['/profile/developer-keys', msg`Developer keys`],
  ['/profile/billing', msg`Billing`],
  ['/profile/billing/receipts/:paymentId', msg`Receipt`],
  ['/settings', msg`Settings`],
];

/** The tagline of the landing page's tab (the English is the index.html title). */
const brand = BRAND.name;
export const HOME_TITLE = msg`${brand} (Beta): many AI models, one answer`;

/** The screen's own title for a path, or null for the landing page and unknown paths. */
export function screenTitle(pathname: string): MessageDescriptor | null {
  return SCREEN_TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? null;
}

import type { RouteObject } from 'react-router';
import { ProtectedLayout } from '@/layouts/protected-layout';
import { PublicLayout } from '@/layouts/public-layout';
import { RootLayout } from '@/layouts/root-layout';
import { RouteError } from '@/layouts/route-error';

/** What shows while the first screen's code loads: the page background, nothing that flashes. */
function FirstLoad() {
  return <div className="min-h-dvh bg-ink" aria-busy="true" />;
}

/**
 * One lazy route per screen; unknown paths show the landing page. The root's HydrateFallback covers
 * the first load of a lazy screen (without one React Router warns on every page load). An error
 * boundary at the root and one on the signed-in layout turn a failing screen, or a screen whose code
 * is gone after a deploy, into a friendly screen with Reload.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FirstLoad,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, lazy: () => import('./routes/public/landing').then((m) => ({ Component: m.LandingRoute })) },
          { path: 'features', lazy: () => import('./routes/public/features').then((m) => ({ Component: m.FeaturesRoute })) },
          { path: 'about', lazy: () => import('./routes/public/about').then((m) => ({ Component: m.AboutRoute })) },
          { path: 'pricing', lazy: () => import('./routes/public/pricing').then((m) => ({ Component: m.PricingRoute })) },
          { path: 'developers', lazy: () => import('./routes/public/developers').then((m) => ({ Component: m.DevelopersRoute })) },
          { path: 'leaderboard', lazy: () => import('./routes/public/leaderboard').then((m) => ({ Component: m.LeaderboardRoute })) },
          { path: 'policies/terms-of-use', lazy: () => import('./routes/public/terms').then((m) => ({ Component: m.TermsRoute })) },
          { path: 'policies/privacy-policy', lazy: () => import('./routes/public/privacy').then((m) => ({ Component: m.PrivacyRoute })) },
          { path: 'share/:shareId', lazy: () => import('./routes/public/share').then((m) => ({ Component: m.ShareRoute })) },
          { path: 'delete', lazy: () => import('./routes/account/delete').then((m) => ({ Component: m.DeleteAccountRoute })) },
          { path: '*', lazy: () => import('./routes/public/landing').then((m) => ({ Component: m.LandingRoute })) },
        ],
      },
      { path: 'login', lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })) },
      { path: 'signup', lazy: () => import('./routes/auth/signup').then((m) => ({ Component: m.SignupRoute })) },
      { path: 'signup/verify', lazy: () => import('./routes/auth/verify').then((m) => ({ Component: m.VerifyRoute })) },
      { path: 'forgot', lazy: () => import('./routes/auth/forgot').then((m) => ({ Component: m.ForgotRoute })) },
      { path: 'reset', lazy: () => import('./routes/auth/reset').then((m) => ({ Component: m.ResetRoute })) },
      {
        Component: ProtectedLayout,
        ErrorBoundary: RouteError,
        children: [
          { path: 'chat', lazy: () => import('./routes/chat/chat').then((m) => ({ Component: m.ChatRoute })) },
          { path: 'chat/:chatId', lazy: () => import('./routes/chat/chat').then((m) => ({ Component: m.ChatRoute })) },
          {
            path: 'chat/:chatId/submission',
            lazy: () => import('./routes/chat/submission').then((m) => ({ Component: m.SubmissionRoute })),
          },
          { path: 'tools/religion', lazy: () => import('./routes/tools/religion').then((m) => ({ Component: m.ReligionRoute })) },
          { path: 'tools/astrology', lazy: () => import('./routes/tools/astrology').then((m) => ({ Component: m.AstrologyRoute })) },
          { path: 'tools/food', lazy: () => import('./routes/tools/food').then((m) => ({ Component: m.FoodRoute })) },
          { path: 'tools/calorie', lazy: () => import('./routes/tools/calorie').then((m) => ({ Component: m.CalorieRoute })) },
          { path: 'tools/chanakyaniti', lazy: () => import('./routes/tools/chanakya').then((m) => ({ Component: m.ChanakyaRoute })) },
          { path: 'arena', lazy: () => import('./routes/arena/arena').then((m) => ({ Component: m.ArenaRoute })) },
          { path: 'profile', lazy: () => import('./routes/account/profile').then((m) => ({ Component: m.ProfileRoute })) },
          {
            path: 'profile/developer-keys',
            lazy: () => import('./routes/account/developer-keys').then((m) => ({ Component: m.DeveloperKeysRoute })),
          },
          { path: 'profile/billing', lazy: () => import('./routes/account/billing').then((m) => ({ Component: m.BillingRoute })) },
          {
            path: 'profile/billing/receipts/:paymentId',
            lazy: () => import('./routes/account/receipt').then((m) => ({ Component: m.ReceiptRoute })),
          },
          { path: 'settings', lazy: () => import('./routes/account/settings').then((m) => ({ Component: m.SettingsRoute })) },
        ],
      },
    ],
  },
];

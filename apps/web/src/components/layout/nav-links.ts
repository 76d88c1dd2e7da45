import { paths } from '@/config/paths';

export const TOOL_LINKS = [
  { label: 'Religion', to: paths.religion },
  { label: 'Astrology', to: paths.astrology },
  { label: 'Chef AI', to: paths.food },
  { label: 'Nutrie AI', to: paths.calorie },
  { label: 'Chanakyaniti', to: paths.chanakya },
] as const;

export const AVATAR_LINKS = [
  { label: 'Pricing Plans', to: paths.pricing },
  { label: 'Terms & Conditions', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Delete Account', to: paths.deleteAccount },
] as const;

/** Delay before scrolling to #features after arriving on the landing page from elsewhere. */
export const FEATURES_SCROLL_DELAY_MS = 300;

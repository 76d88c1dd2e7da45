import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';

/** The tools; each label is a message (translate with `i18n._(label)`). */
export const TOOL_LINKS = [
  { label: msg`Religion`, to: paths.religion },
  { label: msg`Astrology`, to: paths.astrology },
  { label: msg`Chef AI`, to: paths.food },
  { label: msg`Nutrie AI`, to: paths.calorie },
  { label: msg`Chanakyaniti`, to: paths.chanakya },
] as const;

export const AVATAR_LINKS = [
  { label: 'Pricing Plans', to: paths.pricing },
  { label: 'Terms & Conditions', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Delete Account', to: paths.deleteAccount },
] as const;

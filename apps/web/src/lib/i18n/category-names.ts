import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The leaderboard's categories and the tools' categories, by their English key, as messages. */
const NAMES: Record<string, MessageDescriptor> = {
  Overall: msg`Overall`,
  Coding: msg`Coding`,
  Reasoning: msg`Reasoning`,
  Writing: msg`Writing`,
  'Data & Analytics': msg`Data & Analytics`,
  Creative: msg`Creative`,
  Instructional: msg`Instructional`,
  'Decision & Advisory': msg`Decision & Advisory`,
  'Multi-modal': msg`Multi-modal`,
  'Latest News': msg`Latest News`,
  Astrology: msg`Astrology`,
  Calorie: msg`Calorie`,
  Recipe: msg`Recipe`,
  Scripture: msg`Scripture`,
  'Chanakya Niti': msg`Chanakya Niti`,
};

/** A category's name in the interface's language; an unknown one as the server named it. */
export const categoryName = (i18n: I18n, category: string) => {
  const name = NAMES[category];
  return name ? i18n._(name) : category;
};

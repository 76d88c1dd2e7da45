import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DELETE_REASONS } from '@sangam/contracts';

/** The deletion reasons' labels in the user's language, keyed by the contracts' values (a new reason fails the typecheck). */
export const DELETE_REASON_LABELS: Record<(typeof DELETE_REASONS)[number]['value'], MessageDescriptor> = {
  user_request: msg`I no longer need this account`,
  privacy_concerns: msg`Privacy concerns`,
  not_useful: msg`Service not useful`,
  technical_issues: msg`Too many technical issues`,
  switching_service: msg`Switching to another service`,
  other: msg`Other reason`,
};

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const PERIODS = { annual: msg`Annual`, monthly: msg`Monthly` } as const;
const PERIODS_IN_TEXT = { annual: msg`annual`, monthly: msg`monthly` } as const;

/** A billing period's name ("Annual"), in the interface's language. */
export const periodLabel = (i18n: I18n, period: 'monthly' | 'annual') => i18n._(PERIODS[period]);

/** A billing period's name inside a sentence ("Universe Plus (monthly)"). */
export const periodInText = (i18n: I18n, period: 'monthly' | 'annual') => i18n._(PERIODS_IN_TEXT[period]);

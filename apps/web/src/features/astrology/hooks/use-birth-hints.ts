import { useLingui } from '@lingui/react/macro';
import { ddmmyyyy, twelveHour } from '@/features/astrology/api/astrology-request';

/**
 * The hints under the birth date and time: the date as it is sent (dd mm yyyy) and the time on the
 * 12-hour clock, in the interface's language (the request itself keeps the English AM and PM).
 */
export function useBirthHints(dob: string, timeOfBirth: string) {
  const { t } = useLingui();
  const date = ddmmyyyy(dob);
  const [clock = '', period] = twelveHour(timeOfBirth).split(' ');
  return {
    date: dob ? t`dd mm yyyy: ${date}` : t`dd mm yyyy`,
    time: timeOfBirth ? (period === 'AM' ? t`${clock} AM` : t`${clock} PM`) : t`12-hour, AM or PM`,
  };
}

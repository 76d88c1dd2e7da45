import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ERRORS } from '@sangam/contracts';

const UNKNOWN_PLACE = /^We could not find "(.*)"\. Please enter a nearby city\.$/s;
const UNKNOWN_OPTION = /^"(.*)" is neither an ayanamsa \(Lahiri, Raman, KP\) nor a UTC offset\.$/s;

/**
 * The birth form's field messages in the interface's language: the server refuses a place it cannot
 * find (PLACE_NOT_FOUND) or birth data it cannot read (BIRTH_DATA_INVALID) with an English detail,
 * shown under the field through the catalogs (the place or option the user typed kept as typed). A
 * detail the catalogs do not know is shown as the server sent it.
 */
export function birthFieldMessage(i18n: I18n, detail: string): string {
  const place = UNKNOWN_PLACE.exec(detail)?.[1];
  if (place !== undefined) return i18n._(msg`We could not find "${place}". Please enter a nearby city.`);
  const option = UNKNOWN_OPTION.exec(detail)?.[1];
  if (option !== undefined) return i18n._(msg`"${option}" is neither an ayanamsa (Lahiri, Raman, KP) nor a UTC offset.`);
  if (detail === ERRORS.PLACE_NOT_FOUND.detail) return i18n._(msg`We could not find that birth place. Please enter a nearby city.`);
  if (detail === ERRORS.BIRTH_DATA_INVALID.detail) return i18n._(msg`Please give a valid date and time of birth.`);
  return detail;
}

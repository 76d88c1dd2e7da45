import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The title the server gives a new chat (DECISIONS: "Sangam Chat - {date}" / "Universe Chat - {date}"). */
const DEFAULT_TITLE = new RegExp(`^(Sangam|Universe) Chat - (\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})$`);

/** A date in the locale (India's region), or in English for a locale `Intl` does not know (the pseudo-locale). */
function shortDate(locale: string, date: Date) {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  try {
    return new Intl.DateTimeFormat(`${locale}-IN`, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-IN', options).format(date);
  }
}

/**
 * A chat's title as the reader reads it. The server stores a new chat's title in English
 * ("Sangam Chat - 22 Nov 2026"); while the user has not renamed it, it is shown in the reader's
 * language with the date in their locale ("Sangam चैट - 22 नव॰ 2026"). A title the user chose is
 * shown as typed, in any language.
 */
export function chatTitleIn(i18n: I18n, title: string): string {
  const m = DEFAULT_TITLE.exec(title);
  if (!m || i18n.locale === 'en') return title;
  const date = shortDate(i18n.locale, new Date(Date.UTC(Number(m[4]), MONTHS.indexOf(m[3] ?? ''), Number(m[2]))));
  return m[1] === 'Universe' ? i18n._(msg`Universe Chat - ${date}`) : i18n._(msg`Sangam Chat - ${date}`);
}

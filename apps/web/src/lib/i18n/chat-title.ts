import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHAT_TITLE_MONTHS } from '@sangam/contracts';
import { formatDate } from '@/lib/i18n/format';
import { localeCodeOf } from '@/lib/i18n/use-locale-format';

/** The title the server gives a new chat (DECISIONS: "Sangam Chat - {date}" / "Universe Chat - {date}"). */
const DEFAULT_TITLE = new RegExp(`^(Sangam|Universe) Chat - (\\d{1,2}) (${CHAT_TITLE_MONTHS.join('|')}) (\\d{4})$`);

/**
 * A chat's title as the reader reads it. The server stores a new chat's title in English
 * ("Sangam Chat - 22 Nov 2026"); while the user has not renamed it, it is shown in the reader's
 * language with the date in their locale ("Sangam चैट - 22 नव॰ 2026"). A title the user chose is
 * shown as typed, in any language.
 */
export function chatTitleIn(i18n: I18n, title: string): string {
  const m = DEFAULT_TITLE.exec(title);
  if (!m || i18n.locale === 'en') return title;
  const day = new Date(Date.UTC(Number(m[4]), CHAT_TITLE_MONTHS.indexOf(m[3] as (typeof CHAT_TITLE_MONTHS)[number]), Number(m[2]), 12));
  const date = formatDate(localeCodeOf(i18n.locale), day.toISOString());
  return m[1] === 'Universe' ? i18n._(msg`Universe Chat - ${date}`) : i18n._(msg`Sangam Chat - ${date}`);
}

import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BRAND } from '@/config/brand';
import { HOME_TITLE, screenTitle } from '@/lib/i18n/page-titles';

/** The tab's title follows the screen and the language: "<screen> · Sangam", the tagline on the landing page. */
export function PageTitle() {
  const { pathname } = useLocation();
  // `_` is new after every change of language, so the title follows it.
  const { _ } = useLingui();
  useEffect(() => {
    const title = screenTitle(pathname);
    document.title = title ? `${_(title)} · ${BRAND.name}` : _(HOME_TITLE);
  }, [pathname, _]);
  return null;
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** The landing page's Features section's element id. */
export const FEATURES_SECTION = 'features';

/** Navigation state asking the page shown next to scroll to one of its sections (see ScrollToTop). */
export type SectionScroll = { section: string };

/** The section a navigation's state asks for, if any. */
export const sectionOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && typeof (state as Partial<SectionScroll>).section === 'string'
    ? (state as SectionScroll).section
    : undefined;

export const scrollToSection = (section: string) =>
  document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/**
 * Features scrolls to the section; from another page it goes to / and, once the landing page is
 * shown (a lazy route, which can take seconds to arrive on a busy phone), scrolls there after 300 ms.
 */
export function useFeaturesLink() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    if (pathname === paths.home) scrollToSection(FEATURES_SECTION);
    else navigate(paths.home, { state: { section: FEATURES_SECTION } satisfies SectionScroll });
  }, [pathname, navigate]);
}

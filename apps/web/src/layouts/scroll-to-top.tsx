import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection, sectionOf } from '@/components/layout/use-features-link';
import { FEATURES_SCROLL_DELAY_MS } from '@/config/timings';

/**
 * Every page change starts at the top (hash links scroll themselves). A navigation that asks for a
 * section (Features from another page) scrolls there FEATURES_SCROLL_DELAY_MS after the new page is
 * shown: this effect runs once it is in the document, and after the reset to the top, never before.
 */
export function ScrollToTop() {
  const { pathname, state } = useLocation();
  const section = sectionOf(state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on every page change
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (!section) return;
    const timer = window.setTimeout(() => scrollToSection(section), FEATURES_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, section]);
  return null;
}

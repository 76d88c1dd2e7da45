import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FEATURES_SCROLL_DELAY_MS } from '@/components/layout/nav-links';
import { paths } from '@/config/paths';

const scrollToFeatures = () => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** How long a slow connection or a busy phone may take to load the landing page before the scroll is dropped. */
const LANDING_WAIT_MS = 20_000;

/**
 * Scrolls once the landing page (a lazy route, which can take seconds to arrive on a busy phone) is the
 * page shown and has rendered the section; if the user goes elsewhere first, the landing never shows
 * and the wait runs out without scrolling anything.
 */
function scrollWhenReady(deadline = Date.now() + LANDING_WAIT_MS) {
  if (window.location.pathname === paths.home && document.getElementById('features')) scrollToFeatures();
  else if (Date.now() < deadline) window.setTimeout(() => scrollWhenReady(deadline), 100);
}

/** Features scrolls to the section; from another page it goes to / and scrolls after 300 ms. */
export function useFeaturesLink() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    if (pathname === paths.home) {
      scrollToFeatures();
      return;
    }
    navigate(paths.home);
    window.setTimeout(() => scrollWhenReady(), FEATURES_SCROLL_DELAY_MS);
  }, [pathname, navigate]);
}

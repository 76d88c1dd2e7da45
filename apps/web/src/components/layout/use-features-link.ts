import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FEATURES_SCROLL_DELAY_MS } from '@/components/layout/nav-links';
import { paths } from '@/config/paths';

const scrollToFeatures = () => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** Scrolls once the landing page (a lazy route) has rendered the section, waiting up to 3 s. */
function scrollWhenReady(deadline = Date.now() + 3000) {
  if (document.getElementById('features')) scrollToFeatures();
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

import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
/** One MediaQueryList for the page: asking matchMedia on every render is measurable while text streams. */
let mql: MediaQueryList | undefined;
const query = () => {
  if (!mql && typeof window !== 'undefined' && window.matchMedia) mql = window.matchMedia(QUERY);
  return mql;
};
const subscribe = (onChange: () => void) => {
  query()?.addEventListener('change', onChange);
  return () => query()?.removeEventListener('change', onChange);
};

/**
 * True when the user asked the system for less motion. The build's prerender cannot know, so the
 * prerendered landing page is drawn still (no video playing, no drifting stars: decision 017), and
 * moves once the browser has taken it over and answered.
 */
export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => true,
  );
}

// The prerendered landing page's start (decision 017): the page is already drawn in the visitor's
// language, so its code is fetched once the browser has painted it (the style sheet and the script
// face first), then hydrates it (src/main.tsx). The server lists the entry and the modules to
// preload on this tag.
(() => {
  const tag = document.currentScript;
  const entry = tag?.dataset.entry;
  if (!entry) return;
  const modules = (tag.dataset.modules || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // The first contentful paint, as the browser reports it; at once where it does not, or in a
  // hidden tab (which paints only when shown).
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes('paint') || document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
})();

// The prerendered landing page's start (decision 017): the page is already drawn in the visitor's
// language, so its code is fetched only once the browser has painted it and has its fonts, then
// hydrates it (src/main.tsx). The server lists the entry and the modules to preload on this tag.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  const entry = tag.dataset.entry;
  const modules = (tag.dataset.modules || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started || !entry) return;
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
  // After the first frame; and after the page's fonts, but no later than 3 s for a slow one.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (document.fonts?.ready) document.fonts.ready.then(start, start);
      else start();
      setTimeout(start, 3000);
    }, 0),
  );
})();

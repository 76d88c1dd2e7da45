import { i18n } from '@lingui/core';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, routerReady } from '@/app/router';
import '@/styles/index.css';
import { readStoredSession } from '@/lib/auth/storage';
import { startI18n } from '@/lib/i18n/locale';
import { applyTheme } from '@/lib/theme';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

/** The prerendered page is inert until React has taken it over (a tap or typing before would be lost). */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => root?.removeAttribute('inert'), []);
  return children;
}

const app = (
  <StrictMode>
    <AppProvider>
      <TakenOver>
        <AppRouter />
      </TakenOver>
    </AppProvider>
  </StrictMode>
);
// English renders at once; a kept or detected other language first fetches its catalog (English if that fails).
startI18n().finally(async () => {
  // The server drew the landing page in this language (decision 017): the page is already on screen,
  // and React takes it over once the landing's code is in, as a transition, so the work is cut into
  // short tasks. Drawn in another language, or for a signed-in visitor (the prerender is signed out),
  // the page is drawn anew over it.
  if (root.dataset.prerendered === i18n.locale && !readStoredSession().accessToken) {
    await routerReady();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
});

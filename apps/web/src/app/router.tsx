import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';

/** The app's router in the browser (app/routes.tsx: the screens; the build's prerender uses the same routes). */
export const router = createBrowserRouter(routes);

/** Resolves once the first screen's lazy code is in: hydrating before would draw the fallback over the prerendered page. */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}

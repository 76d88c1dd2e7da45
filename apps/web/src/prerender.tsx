/**
 * The build's prerender of the landing page (decision 017): `/` drawn once per shipped language, in
 * Node, with the same routes, providers and catalogs as the browser, so the server can send a page
 * that shows the landing in the visitor's language before any JavaScript runs; the browser then
 * hydrates it (main.tsx). Built with `vite build --ssr` and run by scripts/prerender.mjs.
 */
import { i18n, type Messages } from '@lingui/core';
import { LOCALE_CODES, type LocaleCode } from '@sangam/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { HOME_TITLE } from '@/lib/i18n/page-titles';

const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*.po');

export type PrerenderedPage = { html: string; title: string };

/** The landing page's markup (the inside of `#root`) and the tab's title in `locale`. */
export async function renderLanding(locale: LocaleCode): Promise<PrerenderedPage> {
  const load = catalogs[`./locales/${locale}.po`];
  if (!load) throw new Error(`No catalog for ${locale}`);
  const { messages } = await load();
  i18n.loadAndActivate({ locale, messages });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`The landing page redirected (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider restore={false}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  // React hoists a preload of the navigation bar's logo to the front: index.html's head has it as the
  // icon already, and the browser's hydration expects `#root` to start with the page itself.
  return { html: html.replace(/^(<link [^>]*>)+/, ''), title: i18n._(HOME_TITLE) };
}

export { LOCALE_CODES };

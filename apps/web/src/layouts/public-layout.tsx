import { Trans } from '@lingui/react/macro';
import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';

/** Public pages: navigation bar, the page, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

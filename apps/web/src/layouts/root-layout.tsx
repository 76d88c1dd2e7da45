import { Outlet } from 'react-router';
import { PageTitle } from '@/layouts/page-title';
import { ScrollToTop } from '@/layouts/scroll-to-top';

/** The shell every screen sits in. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <PageTitle />
      <Outlet />
    </>
  );
}

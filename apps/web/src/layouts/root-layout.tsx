import { Outlet } from 'react-router';
import { ScrollToTop } from '@/layouts/scroll-to-top';

/** The shell every screen sits in. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { ScrollToTop } from '@/layouts/scroll-to-top';

/** The shell every screen sits in. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <Toaster />
    </>
  );
}

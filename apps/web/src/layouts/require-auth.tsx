import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';

/** Protected routes: a spinner while the session loads, `/login` when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}

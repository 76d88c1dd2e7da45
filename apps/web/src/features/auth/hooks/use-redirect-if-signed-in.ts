import { useEffect } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { takeReturnTo } from '@/lib/return-to';

/** Auth pages send a signed-in user back where they came from (or where Get Started asked), or to /chat. */
export function useRedirectIfSignedIn() {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!isAuthenticated) return;
    const from = (location.state as { from?: Location } | null)?.from;
    navigate(from ? `${from.pathname}${from.search}` : (takeReturnTo() ?? paths.chat), { replace: true });
  }, [isAuthenticated, navigate, location.state]);
}

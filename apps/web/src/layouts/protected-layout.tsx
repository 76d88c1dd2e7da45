import { Outlet } from 'react-router';
import { RequireAuth } from '@/layouts/require-auth';

/** Signed-in screens (chat, tools, profile, settings) behind the guard. */
export function ProtectedLayout() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

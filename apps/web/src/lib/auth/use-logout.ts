import { useCallback } from 'react';
import { logout } from '@/lib/auth/auth-slice';
import { useAppDispatch } from '@/lib/store';

/** Signs out: clears the session even when the server call fails. */
export function useLogout() {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    await dispatch(logout());
  }, [dispatch]);
}

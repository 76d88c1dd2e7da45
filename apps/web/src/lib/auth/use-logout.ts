import { useCallback } from 'react';
import { useAppDispatch } from '@/app/store';
import { logout } from '@/lib/auth/auth-slice';

/** Signs out: clears the session even when the server call fails. */
export function useLogout() {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    await dispatch(logout());
  }, [dispatch]);
}

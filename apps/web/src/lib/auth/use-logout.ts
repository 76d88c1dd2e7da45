import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth/auth-slice';
import { useAppDispatch } from '@/lib/store';

/** Signs out: clears the session even when the server call fails. */
export function useLogout() {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    await dispatch(logout());
  }, [dispatch]);
}

/** Signs out, then goes to the home page (every Sign Out and Logout button). */
export function useLogoutToHome() {
  const logout = useLogout();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate(paths.home);
  }, [logout, navigate]);
}

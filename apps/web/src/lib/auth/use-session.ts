import { useAppSelector } from '@/lib/store';

/** The signed-in state the screens read: who, and whether the session is still loading. */
export function useSession() {
  return useAppSelector((s) => s.auth);
}

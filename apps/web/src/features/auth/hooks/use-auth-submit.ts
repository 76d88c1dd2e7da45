import { useState } from 'react';
import { useFlash } from '@/components/ui/form/use-flash';
import { REDIRECT_DELAY_MS } from '@/features/auth/constants';
import { errorText } from '@/lib/auth/error-text';
import { successMessage } from '@/lib/i18n/error-messages';

/**
 * The submit of an account form that calls the server once: it ignores a second submit while the
 * first runs, shows the server's message in English (else, and in every other language, `success`) and moves on with `next` after a short delay,
 * or shows the error (or `failure`) and lets the user try again.
 */
export function useAuthSubmit() {
  const [isLoading, setIsLoading] = useState(false);
  const flash = useFlash();
  const run = async (
    call: () => Promise<{ message?: string }>,
    { success, failure, next }: { success: string; failure: string; next: () => void },
  ) => {
    if (isLoading) return;
    setIsLoading(true);
    try {
      const res = await call();
      flash.setMessage(successMessage(res.message, success));
      window.setTimeout(next, REDIRECT_DELAY_MS);
    } catch (err) {
      flash.setError(errorText(err, failure));
      setIsLoading(false);
    }
  };
  return { isLoading, flash, run };
}

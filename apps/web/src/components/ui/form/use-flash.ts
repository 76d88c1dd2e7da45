import { useCallback, useState } from 'react';

/** A screen's error and success messages (each banner clears itself after 5 s). */
export function useFlash() {
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const clearError = useCallback(() => setError(null), []);
  const clearMessage = useCallback(() => setMessage(null), []);
  return { error, setError, message, setMessage, clearError, clearMessage };
}

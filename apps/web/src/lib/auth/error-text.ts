import { AppError } from '@/lib/app-error';

/** The server's detail, then message, then error field, then the client error's text, else the fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof AppError) return err.body.detail || err.body.message || err.body.error || fallback;
  if (err instanceof Error && err.name !== 'AbortError' && err.message) return err.message;
  return fallback;
}

export const errorCode = (err: unknown) => (err instanceof AppError ? err.body.code : undefined);

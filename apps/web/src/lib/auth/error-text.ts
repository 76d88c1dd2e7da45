import { AppError } from '@/lib/app-error';
import { errorMessage } from '@/lib/i18n/error-messages';

/**
 * What a form's banner says for a failed request: the server's words (detail, then message, then
 * error field) in the user's language by their code, or the client error's text, else the fallback.
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof AppError) {
    const sent = err.body.detail || err.body.message || err.body.error;
    return sent ? errorMessage(err.body.code, sent) : fallback;
  }
  if (err instanceof Error && err.name !== 'AbortError' && err.message) return err.message;
  return fallback;
}

export const errorCode = (err: unknown) => (err instanceof AppError ? err.body.code : undefined);

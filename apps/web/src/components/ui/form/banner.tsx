import { clsx } from 'clsx';
import { useEffect } from 'react';
import type { useFlash } from './use-flash';

export const MESSAGE_CLEAR_MS = 5000;

/** A red error or green success banner that clears itself after 5 s. */
export function Banner({ kind, text, onClear }: { kind: 'error' | 'success'; text: string | null; onClear: () => void }) {
  useEffect(() => {
    if (!text) return;
    const id = window.setTimeout(onClear, MESSAGE_CLEAR_MS);
    return () => window.clearTimeout(id);
  }, [text, onClear]);
  if (!text) return null;
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={clsx(
        'mb-4 rounded-lg border px-4 py-3 text-sm',
        kind === 'error' ? 'border-red-500/50 bg-red-500/15 text-red-100' : 'border-emerald-400/40 bg-emerald-500/15 text-emerald-100',
      )}
    >
      {text}
    </div>
  );
}

/** A screen's error banner, then its success banner (the messages of `useFlash`). */
export function FlashBanners({ flash }: { flash: ReturnType<typeof useFlash> }) {
  return (
    <>
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
    </>
  );
}

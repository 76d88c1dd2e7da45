import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span
      role="status"
      aria-label={label ?? t`Loading`}
      className={clsx('inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent', className)}
    />
  );
}

export function FullScreenSpinner() {
  const { t } = useLingui();
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-ink">
      <Spinner className="size-10 text-neon-cyan" label={t`Loading your session`} />
    </div>
  );
}

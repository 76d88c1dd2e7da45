import { clsx } from 'clsx';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={clsx('inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent', className)}
    />
  );
}

export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-ink">
      <Spinner className="size-10 text-neon-cyan" label="Loading your session" />
    </div>
  );
}

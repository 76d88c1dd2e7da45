import { useEffect, useState } from 'react';

/** 'Thinking...' style dots that cycle every 500 ms. */
export function LoadingDots({ label, intervalMs = 500, className }: { label: string; intervalMs?: number; className?: string }) {
  const [dots, setDots] = useState(1);
  useEffect(() => {
    const id = window.setInterval(() => setDots((d) => (d % 3) + 1), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return (
    <span className={className} role="status" aria-live="polite">
      {label}
      <span aria-hidden="true" className="inline-block w-6 text-left">
        {'.'.repeat(dots)}
      </span>
    </span>
  );
}

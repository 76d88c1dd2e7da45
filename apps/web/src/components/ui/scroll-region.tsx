import type { ReactNode } from 'react';

/** A horizontally scrollable region that keyboard users can focus and scroll (axe: scrollable-region-focusable). */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className={`overflow-x-auto ${className ?? ''}`}>
      {children}
    </section>
  );
}

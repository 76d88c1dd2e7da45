import type { KeyboardEvent } from 'react';

/** What a dialog's Tab cycle goes through by default: its links and enabled buttons. */
const FOCUSABLE = 'a[href], button:not([disabled])';

/** In a dialog's onKeyDown: Tab and Shift+Tab cycle through its own controls (`selector`) and never leave it. */
export function trapTab(e: KeyboardEvent<HTMLElement>, selector = FOCUSABLE) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

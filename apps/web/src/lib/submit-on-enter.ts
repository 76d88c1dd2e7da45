import type { KeyboardEvent } from 'react';

/** A textarea's key handler: Enter sends (`send`), Shift+Enter starts a new line. */
export const submitOnEnter = (send: () => void) => (e: KeyboardEvent<HTMLTextAreaElement>) => {
  if (e.key === 'Enter' && !e.shiftKey) {
    e.preventDefault();
    send();
  }
};

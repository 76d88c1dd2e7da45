/** A `.po` catalog, compiled on import by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The English messages of the landing page and the shell, bundled with the app (apps/web/i18n-shell.ts). */
declare module 'virtual:english-shell' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

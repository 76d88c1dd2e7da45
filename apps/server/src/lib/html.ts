/** Escapes text for HTML (mail bodies, the dev outbox page). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

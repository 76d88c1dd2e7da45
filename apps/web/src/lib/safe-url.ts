/** Only http, https and mailto links survive in model output. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url, 'https://invalid.example');
    return ['http:', 'https:', 'mailto:'].includes(u.protocol) && !url.startsWith('/') ? url : '';
  } catch {
    return '';
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** One cookie's value from a Cookie header (undefined when absent or malformed). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** An httpOnly, same-site cookie for the API only (Secure when the site is served over https). */
export function serializeCookie(name: string, value: string, { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean }) {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/api/v1; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Values signed with the server's key, each for one purpose: `value.mac`. A value with a wrong or
 * missing MAC, or signed for another purpose, reads as undefined.
 */
export function createCookieSigner(secret: Uint8Array) {
  const mac = (purpose: string, value: string) => createHmac('sha256', secret).update(`cookie ${purpose} ${value}`).digest('base64url');
  return {
    sign: (purpose: string, value: string) => `${value}.${mac(purpose, value)}`,
    verify: (purpose: string, signed: string | undefined): string | undefined => {
      if (!signed || signed.length > 200) return undefined;
      const at = signed.lastIndexOf('.');
      if (at <= 0) return undefined;
      const value = signed.slice(0, at);
      const given = Buffer.from(signed.slice(at + 1));
      const expected = Buffer.from(mac(purpose, value));
      return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
    },
  };
}
export type CookieSigner = ReturnType<typeof createCookieSigner>;

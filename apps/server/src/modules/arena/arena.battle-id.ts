import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Battle ids as the client sees them: `<uuid>.<HMAC-SHA256 of the uuid, base64url>`, keyed by a key
 * derived from the app secret for this one purpose. A forged or altered id never reaches the database.
 */
export function createBattleIds(appSecret: Uint8Array) {
  const key = createHmac('sha256', appSecret).update('sangam arena battle ids v1').digest();
  const mac = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  return {
    sign: (id: string) => `${id}.${mac(id)}`,
    /** The uuid of a well-signed id, else undefined. */
    verify: (token: string): string | undefined => {
      const [id, given] = token.split('.');
      if (!id || !given || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
      const expected = Buffer.from(mac(id));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : undefined;
    },
    /** An address, hashed with the same key: burst detection without storing addresses. */
    hashAddress: (address: string) => createHmac('sha256', key).update(`address ${address}`).digest('base64url').slice(0, 32),
  };
}
export type BattleIds = ReturnType<typeof createBattleIds>;

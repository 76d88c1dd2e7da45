import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay signs a webhook with HMAC-SHA256 of the raw body, keyed with the webhook secret, as hex
 * in X-Razorpay-Signature. Compared in constant time; a missing or malformed signature is false.
 */
export function isValidWebhookSignature({ rawBody, signature, secret }: { rawBody: Buffer; signature: unknown; secret: string }) {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

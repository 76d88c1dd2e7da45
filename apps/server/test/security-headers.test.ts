import { describe, expect, it } from 'vitest';
import { helmetHeaders } from '@/plugins/security-headers';

describe('helmetHeaders', () => {
  it("records helmet's headers once, including the strict policy and without X-Powered-By", () => {
    const headers = helmetHeaders();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });
});

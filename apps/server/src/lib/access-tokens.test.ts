import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '@/lib/access-tokens';
import { manualClock } from '@/lib/clock';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!');

describe('access tokens', () => {
  it('verifies a token again from memory, and still lets it expire on time', async () => {
    const clock = manualClock(Date.UTC(2026, 10, 23, 10));
    const tokens = createAccessTokens(secret, clock, 60);
    const token = await tokens.sign({ userId: 'u1', familyId: 'f1' });
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', familyId: 'f1' });
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', familyId: 'f1' });
    clock.advance(61_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('never accepts a token whose signature or payload was changed, even after the real one was seen', async () => {
    const tokens = createAccessTokens(secret, manualClock(Date.UTC(2026, 10, 23, 10)), 60);
    const token = await tokens.sign({ userId: 'u1' });
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: 'u2' }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${otherUser}.${signature}`)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    const forged = await createAccessTokens(
      new TextEncoder().encode('another-secret-of-at-least-32-bytes!'),
      manualClock(Date.UTC(2026, 10, 23, 10)),
      60,
    ).sign({ userId: 'u1' });
    await expect(tokens.verify(forged)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});

import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { manualClock } from '@/lib/clock';
import { createUsageMeter } from '@/modules/usage/usage-meter';

describe('usage meter', () => {
  it('refuses once the cached month is used up, and sees other instances’ usage after 10 s', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const [u] = await database.db
      .insert(users)
      .values({ email: 'm@example.com', username: 'meter', name: 'M', passwordHash: 'x' })
      .returning();
    if (!u) throw new Error('no user');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const log = { error: () => {} } as unknown as Parameters<typeof createUsageMeter>[0]['log'];
    const a = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
    const b = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
    await a.assertWithinQuota(u.id);
    await b.assertWithinQuota(u.id);
    await a.record({ userId: u.id, requestId: 'r1', byModel: [{ modelId: 'm', tokens: 100 }] });
    await expect(a.assertWithinQuota(u.id)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await expect(b.assertWithinQuota(u.id)).resolves.toBeUndefined();
    clock.advance(10_001);
    await expect(b.assertWithinQuota(u.id)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await database.close();
  });
});

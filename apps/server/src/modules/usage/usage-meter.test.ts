import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/db/client';
import { usage, usageEvents, users } from '@/db/schema';
import { manualClock } from '@/lib/clock';
import { createUsageMeter } from '@/modules/usage/usage-meter';

const errors: unknown[] = [];
const log = { error: (o: unknown) => errors.push(o) } as unknown as Parameters<typeof createUsageMeter>[0]['log'];
let database: Database;
const newUser = async (username: string) => {
  const [u] = await database.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, name: 'M', passwordHash: 'x' })
    .returning();
  if (!u) throw new Error('no user');
  return u;
};
beforeEach(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  errors.length = 0;
});
afterEach(async () => {
  await database.close();
});

describe('usage meter', () => {
  it('refuses once the cached month is used up, and sees other instances’ usage after 10 s', async () => {
    const u = await newUser('meter');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const a = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
    const b = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
    await a.assertWithinQuota(u.id);
    await b.assertWithinQuota(u.id);
    a.record({ userId: u.id, requestId: 'r1', byModel: [{ modelId: 'm', tokens: 100 }] });
    await expect(a.assertWithinQuota(u.id)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await expect(b.assertWithinQuota(u.id)).resolves.toBeUndefined();
    await a.flush();
    clock.advance(10_001);
    await expect(b.assertWithinQuota(u.id)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('writes answered requests behind, in one batch per user and month, within about a second', async () => {
    const u = await newUser('batch');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const meter = createUsageMeter({ db: database.db, clock, freeTokens: 1000, log });
    for (let i = 0; i < 20; i += 1)
      meter.record({
        userId: u.id,
        requestId: `r${i}`,
        byModel: [
          { modelId: 'a', tokens: 3 },
          { modelId: 'b', tokens: 2 },
        ],
      });
    expect(await database.db.select().from(usageEvents)).toHaveLength(0);
    await expect
      .poll(async () => (await database.db.select().from(usage).where(eq(usage.userId, u.id)))[0], { timeout: 3000 })
      .toMatchObject({ tokens: 100, requests: 20 });
    const events = await database.db.select().from(usageEvents).where(eq(usageEvents.requestId, 'r7'));
    expect(events.map(({ userId, modelId, tokens, createdAt }) => ({ userId, modelId, tokens, at: createdAt.getTime() }))).toEqual(
      expect.arrayContaining([
        { userId: u.id, modelId: 'a', tokens: 3, at: Date.UTC(2026, 10, 22) },
        { userId: u.id, modelId: 'b', tokens: 2, at: Date.UTC(2026, 10, 22) },
      ]),
    );
    expect(await database.db.select().from(usageEvents)).toHaveLength(40);
  });

  it('drops the usage of a user deleted before the batch is written, and keeps the others', async () => {
    const gone = await newUser('gone');
    const stays = await newUser('stays');
    const meter = createUsageMeter({ db: database.db, clock: manualClock(Date.UTC(2026, 10, 22)), freeTokens: 1000, log });
    meter.record({ userId: gone.id, requestId: 'g', byModel: [{ modelId: 'a', tokens: 5 }] });
    meter.record({ userId: stays.id, requestId: 's', byModel: [{ modelId: 'a', tokens: 7 }] });
    await database.db.delete(users).where(eq(users.id, gone.id));
    await meter.flush();
    expect(errors).toEqual([]);
    expect(await database.db.select({ userId: usage.userId, tokens: usage.tokens }).from(usage)).toEqual([{ userId: stays.id, tokens: 7 }]);
  });

  it('keeps records while the database refuses them and writes them once it is back', async () => {
    const u = await newUser('retry');
    const meter = createUsageMeter({ db: database.db, clock: manualClock(Date.UTC(2026, 10, 22)), freeTokens: 1000, log });
    await database.db.execute('alter table usage_events rename to usage_events_away');
    meter.record({ userId: u.id, requestId: 'r', byModel: [{ modelId: 'a', tokens: 9 }] });
    await meter.flush();
    expect(errors).toHaveLength(1);
    await database.db.execute('alter table usage_events_away rename to usage_events');
    await meter.flush();
    expect(await database.db.select({ tokens: usage.tokens }).from(usage)).toEqual([{ tokens: 9 }]);
  });
});

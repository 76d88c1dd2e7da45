import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/db/client';
import { revokedFamilies, usage, usageEvents, usageReservations, users } from '@/db/schema';
import { manualClock } from '@/lib/clock';
import { createUsageMeter, STALE_RESERVATION_MS } from '@/modules/usage/usage-meter';
import { insertUser, useMemoryDatabasePerTest } from '../../../test/memory-database';

const errors: unknown[] = [];
const warnings: unknown[] = [];
const log = {
  error: (o: unknown) => errors.push(o),
  warn: (o: unknown) => warnings.push(o),
} as unknown as Parameters<typeof createUsageMeter>[0]['log'];
let database: Database;
const newUser = (username: string) => insertUser(database.db, username);
const usageOf = async (userId: string) => (await database.db.select().from(usage).where(eq(usage.userId, userId)))[0];
useMemoryDatabasePerTest((opened) => {
  database = opened;
});
beforeEach(() => {
  errors.length = 0;
  warnings.length = 0;
});

describe('usage meter', () => {
  it('refuses a reservation once usage plus reservations reach the allowance, on every instance at once', async () => {
    const u = await newUser('meter');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const a = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
    const b = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
    const first = await a.reserve({ userId: u.id, requestId: 'r1', tokens: 100 });
    // The other instance sees the reservation at once (no cache).
    await expect(b.reserve({ userId: u.id, requestId: 'r2', tokens: 10 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(warnings).toEqual([{ securityEvent: 'quota_refused', userId: u.id }]);
    expect(JSON.stringify(warnings)).not.toContain('@example.com');
    // Settled with less than reserved: the unused part is free again.
    a.settle(first, [{ modelId: 'm', tokens: 40 }]);
    await a.flush();
    const second = await b.reserve({ userId: u.id, requestId: 'r2', tokens: 100 });
    b.settle(second, [{ modelId: 'm', tokens: 70 }]);
    await b.flush();
    expect(await usageOf(u.id)).toMatchObject({ tokens: 110, requests: 2 });
    await expect(a.reserve({ userId: u.id, requestId: 'r3', tokens: 1 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('charges a reservation left by a dead process (stale) when the next one is made, alone or in a batch', async () => {
    const now = Date.UTC(2026, 10, 22);
    const clock = manualClock(now);
    for (const together of [false, true]) {
      const u = await newUser(together ? 'stale-batch' : 'stale-alone');
      const leftAt = new Date(now - STALE_RESERVATION_MS - 1000);
      await database.db
        .insert(usageReservations)
        .values({ userId: u.id, month: '2026-11', requestId: 'left', tokens: 70, createdAt: leftAt });
      // One answer in flight at most: only the stale one's charge makes room for the next.
      const meter = createUsageMeter({ db: database.db, clock, freeTokens: 1000, log, maxInFlight: 1 });
      const asked = together
        ? await Promise.allSettled([
            meter.reserve({ userId: u.id, requestId: 'n1', tokens: 10 }),
            meter.reserve({ userId: u.id, requestId: 'n2', tokens: 10 }),
          ])
        : [await meter.reserve({ userId: u.id, requestId: 'n1', tokens: 10 }).then((value) => ({ status: 'fulfilled', value }))];
      expect(asked.map((r) => r.status)).toEqual(together ? ['fulfilled', 'rejected'] : ['fulfilled']);
      expect(await usageOf(u.id)).toMatchObject({ tokens: 70, requests: 1 });
      const events = await database.db.select().from(usageEvents).where(eq(usageEvents.userId, u.id));
      expect(events.map((e) => [e.requestId, e.modelId, e.tokens])).toEqual([['left', 'reserved', 70]]);
      const held = await database.db.select().from(usageReservations).where(eq(usageReservations.userId, u.id));
      expect(held.map((r) => r.requestId)).toEqual(['n1']);
    }
  });

  it('admits parallel reservations only while the allowance holds them', async () => {
    const u = await newUser('parallel');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const a = createUsageMeter({ db: database.db, clock, freeTokens: 1000, log, maxInFlight: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => a.reserve({ userId: u.id, requestId: `p${i}`, tokens: 300 })),
    );
    // 0, 300, 600 and 900 reserved are under 1,000: four are admitted, never more.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
  });

  it('decides the reservations of one turn in one statement, each as it would be alone, in the order asked', async () => {
    const [a, b, gone] = [await newUser('batch-a'), await newUser('batch-b'), await newUser('batch-gone')];
    await database.db.delete(users).where(eq(users.id, gone.id));
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const meter = createUsageMeter({ db: database.db, clock, freeTokens: 1000, log, maxInFlight: 3 });
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    const ask = (userId: string, requestId: string, tokens: number) => meter.reserve({ userId, requestId, tokens });
    const results = await Promise.allSettled([
      ask(a.id, 'a0', 600),
      ask(b.id, 'b0', 10),
      ask(a.id, 'a1', 600),
      ask(gone.id, 'g0', 10),
      ask(a.id, 'a2', 10),
      ask(b.id, 'b1', 10),
      ask(b.id, 'b2', 10),
      ask(b.id, 'b3', 10),
    ]);
    const statements = query.mock.calls.length;
    query.mockRestore();
    expect(statements).toBe(1);
    const outcome = (r: PromiseSettledResult<{ requestId: string }>) =>
      r.status === 'fulfilled' ? r.value.requestId : (r.reason as { code: string }).code;
    // a: 0 then 600 reserved are under 1,000, 1,200 is not; b: three in flight at most; the deleted user: none.
    expect(results.map(outcome)).toEqual(['a0', 'b0', 'a1', 'UNAUTHENTICATED', 'QUOTA_EXCEEDED', 'b1', 'b2', 'TOO_MANY_ANSWERS']);
    const rows = await database.db.select().from(usageReservations);
    expect(rows.map((r) => r.requestId).sort()).toEqual(['a0', 'a1', 'b0', 'b1', 'b2']);
  });

  it('refuses the reservation of a revoked session with TOKEN_INVALID and writes nothing for it', async () => {
    const u = await newUser('revoked-family');
    const now = Date.UTC(2026, 10, 22);
    const clock = manualClock(now);
    await database.db.insert(revokedFamilies).values([
      { familyId: 'signed-out', expiresAt: new Date(now + 60_000) },
      { familyId: 'long-ago', expiresAt: new Date(now - 1) },
    ]);
    const meter = createUsageMeter({ db: database.db, clock, freeTokens: 1000, log });
    const ask = (requestId: string, familyId?: string) => meter.reserve({ userId: u.id, requestId, tokens: 10, familyId });
    const results = await Promise.allSettled([ask('out', 'signed-out'), ask('in', 'signed-in'), ask('expired', 'long-ago'), ask('none')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.requestId : (r.reason as { code: string }).code))).toEqual([
      'TOKEN_INVALID',
      'in',
      'expired',
      'none',
    ]);
    const rows = await database.db.select().from(usageReservations);
    expect(rows.map((r) => r.requestId).sort()).toEqual(['expired', 'in', 'none']);
    // On PGlite this process knows every revocation: a check deferred to its reservation is a mistake.
    const exclusive = createUsageMeter({ db: database.db, clock, freeTokens: 1000, log, exclusive: true });
    await expect(exclusive.reserve({ userId: u.id, requestId: 'x', tokens: 10, familyId: 'signed-in' })).rejects.toThrow(/shared database/);
  });

  it('caps answers in flight per user with TOO_MANY_ANSWERS and frees the slot once released', async () => {
    const u = await newUser('flight');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const meter = createUsageMeter({ db: database.db, clock, freeTokens: 1_000_000, log, maxInFlight: 3 });
    const held = await Promise.all([0, 1, 2].map((i) => meter.reserve({ userId: u.id, requestId: `f${i}`, tokens: 10 })));
    await expect(meter.reserve({ userId: u.id, requestId: 'f3', tokens: 10 })).rejects.toMatchObject({
      code: 'TOO_MANY_ANSWERS',
      status: 429,
    });
    const [first] = held;
    if (!first) throw new Error('no reservation');
    meter.release(first);
    await meter.flush();
    await expect(meter.reserve({ userId: u.id, requestId: 'f4', tokens: 10 })).resolves.toMatchObject({ requestId: 'f4' });
    // A released reservation is charged nothing.
    expect(await usageOf(u.id)).toBeUndefined();
  });

  it('writes settlements in one batch per turn with one event per model', async () => {
    const u = await newUser('batch');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const meter = createUsageMeter({ db: database.db, clock, freeTokens: 100_000, log, maxInFlight: 100 });
    const held = await Promise.all(Array.from({ length: 20 }, (_, i) => meter.reserve({ userId: u.id, requestId: `r${i}`, tokens: 50 })));
    for (const r of held)
      meter.settle(r, [
        { modelId: 'a', tokens: 3 },
        { modelId: 'b', tokens: 2 },
      ]);
    await expect.poll(async () => usageOf(u.id), { timeout: 3000 }).toMatchObject({ tokens: 100, requests: 20 });
    const events = await database.db.select().from(usageEvents).where(eq(usageEvents.requestId, 'r7'));
    expect(events.map(({ modelId, tokens, createdAt }) => ({ modelId, tokens, at: createdAt.getTime() }))).toEqual(
      expect.arrayContaining([
        { modelId: 'a', tokens: 3, at: Date.UTC(2026, 10, 22) },
        { modelId: 'b', tokens: 2, at: Date.UTC(2026, 10, 22) },
      ]),
    );
    expect(await database.db.select().from(usageEvents)).toHaveLength(40);
    expect(await database.db.select().from(usageReservations)).toHaveLength(0);
  });

  it('counts a reservation its process never settled (it died) as is, once older than any answer can run', async () => {
    const u = await newUser('crashed');
    const clock = manualClock(Date.UTC(2026, 10, 22));
    const dead = createUsageMeter({ db: database.db, clock, freeTokens: 100_000, log });
    const unsettled = await dead.reserve({ userId: u.id, requestId: 'lost', tokens: 777 });
    // The process dies here: no settle, no flush.
    const next = createUsageMeter({ db: database.db, clock, freeTokens: 100_000, log });
    expect((await next.read(u.id, clock.now())).requests).toBe(0);
    clock.advance(6 * 60_000 + 1);
    // The next reservation (or a read of the usage) counts it, and it no longer holds a slot.
    const fresh = await next.reserve({ userId: u.id, requestId: 'after', tokens: 5 });
    expect(await next.read(u.id, clock.now())).toMatchObject({ tokens: 777, requests: 1 });
    expect((await database.db.select().from(usageReservations)).map((r) => r.id)).toEqual([fresh.id]);
    // Counted once, even if a late settlement arrives (its charge names the reservation).
    expect((await database.db.select().from(usageEvents)).map((e) => [e.modelId, e.reservationId])).toEqual([['reserved', unsettled.id]]);
    dead.settle(unsettled, [{ modelId: 'a', tokens: 5 }]);
    await dead.flush();
    expect(errors).toEqual([]);
    expect(await next.read(u.id, clock.now())).toMatchObject({ tokens: 777, requests: 1 });
  });

  it('drops the usage of a user deleted before the batch is written, and keeps the others', async () => {
    const gone = await newUser('gone');
    const stays = await newUser('stays');
    const meter = createUsageMeter({ db: database.db, clock: manualClock(Date.UTC(2026, 10, 22)), freeTokens: 1000, log });
    const g = await meter.reserve({ userId: gone.id, requestId: 'g', tokens: 10 });
    const s = await meter.reserve({ userId: stays.id, requestId: 's', tokens: 10 });
    await database.db.delete(users).where(eq(users.id, gone.id));
    meter.settle(g, [{ modelId: 'a', tokens: 5 }]);
    meter.settle(s, [{ modelId: 'a', tokens: 7 }]);
    await meter.flush();
    expect(errors).toEqual([]);
    expect(await database.db.select({ userId: usage.userId, tokens: usage.tokens }).from(usage)).toEqual([{ userId: stays.id, tokens: 7 }]);
  });

  it('keeps settlements while the database refuses them and writes them once it is back', async () => {
    const u = await newUser('retry');
    const meter = createUsageMeter({ db: database.db, clock: manualClock(Date.UTC(2026, 10, 22)), freeTokens: 1000, log });
    const r = await meter.reserve({ userId: u.id, requestId: 'r', tokens: 10 });
    await database.db.execute('alter table usage_events rename to usage_events_away');
    meter.settle(r, [{ modelId: 'a', tokens: 9 }]);
    await meter.flush();
    expect(errors).toHaveLength(1);
    // The reservation still holds its tokens meanwhile.
    expect(await database.db.select().from(usageReservations)).toHaveLength(1);
    await database.db.execute('alter table usage_events_away rename to usage_events');
    await meter.flush();
    expect(await database.db.select({ tokens: usage.tokens }).from(usage)).toEqual([{ tokens: 9 }]);
  });

  describe('admit on a shared database (the models are called while the reservation is written)', () => {
    const rows = () => database.db.select().from(usageReservations);

    it('resolves before the row is written; a settlement given before it waits for the row, then charges', async () => {
      const u = await newUser('admit-early');
      const meter = createUsageMeter({ db: database.db, clock: manualClock(Date.UTC(2026, 10, 22)), freeTokens: 10_000, log });
      const { reservation, written } = await meter.admit({ userId: u.id, requestId: 'early', tokens: 500 });
      // Its row is on its way (sent at once on an idle database), not yet written: it has no id.
      expect(reservation.id).toBe('');
      // Settled before its row is in: written once it is, never as a settlement of no row.
      meter.settle(reservation, [{ modelId: 'a', tokens: 40 }]);
      await written;
      expect(reservation.id).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(async () => usageOf(u.id), { timeout: 3000 }).toMatchObject({ tokens: 40, requests: 1 });
      expect(await rows()).toHaveLength(0);
      expect(errors).toEqual([]);
    });

    it("a refusal rejects `written`, giving it back writes nothing, and the user's next answers wait for the database", async () => {
      const u = await newUser('admit-refused');
      const clock = manualClock(Date.UTC(2026, 10, 22));
      const meter = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
      const other = createUsageMeter({ db: database.db, clock, freeTokens: 100, log });
      // Another instance holds the whole allowance: this one cannot know it before the database says so.
      const holder = await other.reserve({ userId: u.id, requestId: 'holder', tokens: 100 });
      const first = await meter.admit({ userId: u.id, requestId: 'guess', tokens: 10 });
      await expect(first.written).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
      expect(warnings).toEqual([{ securityEvent: 'quota_refused', userId: u.id }]);
      meter.release(first.reservation);
      meter.settle(first.reservation, [{ modelId: 'a', tokens: 9 }]);
      await meter.flush();
      expect(errors).toEqual([]);
      expect((await rows()).map((r) => r.requestId)).toEqual(['holder']);
      // Refused lately: admit itself now waits for (and throws) the database's refusal.
      await expect(meter.admit({ userId: u.id, requestId: 'again', tokens: 10 })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
      other.release(holder);
      await other.flush();
      const waited = await meter.admit({ userId: u.id, requestId: 'waited', tokens: 10 });
      expect((await rows()).map((r) => r.requestId)).toEqual(['waited']);
      // Five minutes later it is guessed again.
      meter.release(waited.reservation);
      await meter.flush();
      clock.advance(5 * 60_000 + 1);
      const later = await meter.admit({ userId: u.id, requestId: 'later', tokens: 10 });
      expect(later.reservation.id).toBe('');
      await later.written;
    });

    it('under load (reservations already on their way) an answer waits for its own, so that they go together', async () => {
      const u = await newUser('admit-busy');
      const meter = createUsageMeter({ db: database.db, clock: manualClock(Date.UTC(2026, 10, 22)), freeTokens: 10_000, log });
      const first = await meter.admit({ userId: u.id, requestId: 'first', tokens: 10 });
      // Admitted before its row is written (no id yet); the next one, asked while that row waits, only once its own is in.
      expect(first.reservation.id).toBe('');
      const second = await meter.admit({ userId: u.id, requestId: 'second', tokens: 10 });
      expect(second.reservation.id).toMatch(/^[0-9a-f-]{36}$/);
      await first.written;
      expect((await rows()).map((r) => r.requestId).sort()).toEqual(['first', 'second']);
    });

    it('after a failed write (the database unreachable) answers wait for theirs until one is written again', async () => {
      const u = await newUser('admit-down');
      const meter = createUsageMeter({ db: database.db, clock: manualClock(Date.UTC(2026, 10, 22)), freeTokens: 10_000, log });
      await database.db.execute('alter table usage_reservations rename to usage_reservations_away');
      const guessed = await meter.admit({ userId: u.id, requestId: 'down', tokens: 10 });
      await expect(guessed.written).rejects.toThrow();
      // No model is called for the next ones before the database answers: admit itself fails.
      await expect(meter.admit({ userId: u.id, requestId: 'still-down', tokens: 10 })).rejects.toThrow();
      await database.db.execute('alter table usage_reservations_away rename to usage_reservations');
      const back = await meter.admit({ userId: u.id, requestId: 'back', tokens: 10 });
      expect(back.reservation.id).toMatch(/^[0-9a-f-]{36}$/);
      meter.release(back.reservation);
      await meter.flush();
      const guessedAgain = await meter.admit({ userId: u.id, requestId: 'again', tokens: 10 });
      expect(guessedAgain.reservation.id).toBe('');
      await guessedAgain.written;
    });

    it('near the cap of answers in flight the database decides first', async () => {
      const u = await newUser('admit-cap');
      const meter = createUsageMeter({
        db: database.db,
        clock: manualClock(Date.UTC(2026, 10, 22)),
        freeTokens: 1_000_000,
        log,
        maxInFlight: 2,
      });
      const one = await meter.admit({ userId: u.id, requestId: 'one', tokens: 10 });
      expect(one.reservation.id).toBe('');
      const two = await meter.admit({ userId: u.id, requestId: 'two', tokens: 10 });
      expect((await rows()).map((r) => r.requestId).sort()).toEqual(['one', 'two']);
      await expect(meter.admit({ userId: u.id, requestId: 'three', tokens: 10 })).rejects.toMatchObject({ code: 'TOO_MANY_ANSWERS' });
      // Given back, each frees its slot here too.
      meter.release(one.reservation);
      meter.release(two.reservation);
      await meter.flush();
      expect(await rows()).toHaveLength(0);
    });
  });
});

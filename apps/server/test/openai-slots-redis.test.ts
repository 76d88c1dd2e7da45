import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisLink } from '@/lib/redis';
import { createKeySlots, type KeySlots } from '@/modules/openai/key-slots';
import { type RedisProxy, redisProxy } from './redis-proxy';

const redisUrl = process.env.TEST_REDIS_URL;
/** Short leases so that a crashed instance's slots expire within the test. */
const LEASE_MS = 400;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!redisUrl)('the key slots in Redis (two instances seen as two links)', () => {
  const prefix = `sangam-test-${randomUUID().slice(0, 8)}:`;
  const log = pino({ level: 'silent' });
  const links: RedisLink[] = [];
  const slotSets: KeySlots[] = [];
  let proxy: RedisProxy;
  let direct: Redis;
  const instance = async (url: string, leaseMs = LEASE_MS) => {
    const link = connectRedis(url, { log, prefix });
    links.push(link);
    expect(await link.ready(2000)).toBe(true);
    const slots = createKeySlots({ redis: link, leaseMs });
    slotSets.push(slots);
    return { link, slots };
  };
  /** The leases of a key not yet expired (an expired one stays in the set until the next take). */
  const leases = (keyId: string) => direct.zcount(`${prefix}v1slots:${keyId}`, `(${Date.now()}`, '+inf');

  beforeAll(async () => {
    proxy = await redisProxy(new URL(String(redisUrl)));
    direct = new Redis(String(redisUrl));
  });
  afterAll(async () => {
    for (const s of slotSets) s.close();
    for (const l of links) await l.close();
    await proxy.close();
    const left = await direct.keys(`${prefix}*`);
    if (left.length) await direct.del(...left);
    direct.disconnect();
  });

  it('renews a running request’s lease, and frees a crashed instance’s slot once its lease runs out', async () => {
    const a = await instance(String(redisUrl));
    const b = await instance(String(redisUrl));
    expect((await a.slots.acquire('crash', 1)).slot).not.toBeNull();
    expect(await b.slots.acquire('crash', 1)).toEqual({ slot: null, held: 1 });
    // Long past the lease: the running request's instance keeps renewing it.
    await wait(LEASE_MS * 3);
    expect((await b.slots.acquire('crash', 1)).slot).toBeNull();
    // The instance dies without releasing: it stops renewing, and the slot comes back within one lease.
    a.slots.close();
    const diedAt = Date.now();
    await expect.poll(async () => (await b.slots.acquire('crash', 1)).slot !== null, { timeout: 2000, interval: 25 }).toBe(true);
    expect(Date.now() - diedAt).toBeLessThan(LEASE_MS + 300);
  });

  it('counts locally while Redis is cut or hung, never fails a request, and puts the leases back when Redis returns', async () => {
    const a = await instance(proxy.url, 1000);
    const b = await instance(String(redisUrl), 1000);
    const first = await a.slots.acquire('outage', 2);
    expect(first.slot).not.toBeNull();
    expect(await leases('outage')).toBe(1);

    await proxy.cut();
    // This instance still knows its running request: one more slot, then the cap (per instance until Redis is back).
    const started = Date.now();
    const during = await a.slots.acquire('outage', 2);
    expect(during.slot).not.toBeNull();
    expect((await a.slots.acquire('outage', 2)).slot).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    first.slot?.release();

    await proxy.restore();
    await expect.poll(() => a.link.isUp(), { timeout: 5000 }).toBe(true);
    // The first lease expires unrenewed; the one taken during the outage is renewed into Redis.
    await wait(1500);
    expect(await leases('outage')).toBe(1);
    expect((await b.slots.acquire('outage', 2)).slot).not.toBeNull();
    expect((await b.slots.acquire('outage', 2)).slot).toBeNull();

    proxy.hang();
    const hungAt = Date.now();
    const hung = await a.slots.acquire('outage-hung', 2);
    expect(hung.slot).not.toBeNull();
    expect(Date.now() - hungAt).toBeLessThan(1000);
    hung.slot?.release();
    during.slot?.release();
    await proxy.restore();
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/errors';
import { createPasswordGate, passwordGate } from '@/lib/passwords';
import { startTestApp, type TestApp } from './helper';
import { browser } from './shared-address-helper';
import { createVerifiedUser } from './users';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('the password gate is bounded', () => {
  const options = { slots: 1, reserved: 0, queue: 2, priorityQueue: 1, waitMs: 150, priorityWaitMs: 1000, retryAfterSeconds: 2 };

  it('sheds work past its waiting places at once with 503 SERVER_BUSY and Retry-After', async () => {
    const gate = createPasswordGate(options);
    const hold = deferred();
    const running = gate.run(() => hold.promise);
    const queued = [gate.run(async () => 'a'), gate.run(async () => 'b')];
    const t0 = performance.now();
    const shed = await gate.run(async () => 'c').catch((e: unknown) => e);
    expect(performance.now() - t0).toBeLessThan(20);
    expect(shed).toBeInstanceOf(AppError);
    expect((shed as AppError).code).toBe('SERVER_BUSY');
    expect((shed as AppError).status).toBe(503);
    expect((shed as AppError).headers['retry-after']).toBe('2');
    hold.resolve();
    await running;
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
    expect(gate.stats.shed).toBe(1);
  });

  it('sheds work that waited longer than its bound, and frees its place', async () => {
    const gate = createPasswordGate(options);
    const hold = deferred();
    const running = gate.run(() => hold.promise);
    const t0 = performance.now();
    const late = await gate.run(async () => 'late').catch((e: unknown) => e);
    const waited = performance.now() - t0;
    expect((late as AppError).code).toBe('SERVER_BUSY');
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(400);
    expect(gate.waiting()).toBe(0);
    hold.resolve();
    await running;
    expect(await gate.run(async () => 'after')).toBe('after');
  });

  it('gives the next free slot to priority work before ordinary work queued earlier', async () => {
    const gate = createPasswordGate({ ...options, waitMs: 1000 });
    const hold = deferred();
    const order: string[] = [];
    const running = gate.run(() => hold.promise);
    const normal = gate.run(async () => order.push('normal'));
    const first = gate.run(async () => order.push('priority'), true);
    hold.resolve();
    await Promise.all([running, normal, first]);
    expect(order).toEqual(['priority', 'normal']);
  });

  it('keeps reserved slots for priority work: ordinary work waits while one is free', async () => {
    const gate = createPasswordGate({ ...options, slots: 2, reserved: 1, waitMs: 1000 });
    const hold = deferred();
    const order: string[] = [];
    const running = gate.run(() => hold.promise);
    const normal = gate.run(async () => order.push('normal'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    await gate.run(async () => order.push('priority'), true);
    expect(order).toEqual(['priority']);
    hold.resolve();
    await Promise.all([running, normal]);
    expect(order).toEqual(['priority', 'normal']);
  });
});

describe('logins from a device that signed in to the account lately go first', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the second login from the same device as priority, not one from a new device on the same address', async () => {
    const user = await createVerifiedUser(t);
    const home = browser(t, '203.0.113.50');
    const before = passwordGate.stats.servedFirst;
    expect((await home.login(user.email, user.password)).status).toBe(200);
    expect(passwordGate.stats.servedFirst).toBe(before);
    expect((await home.login(user.email, user.password)).status).toBe(200);
    expect(passwordGate.stats.servedFirst).toBe(before + 1);
    // Another browser behind the same address (carrier-grade NAT) is not the known device.
    expect((await browser(t, '203.0.113.50').login(user.email, user.password)).status).toBe(200);
    expect(passwordGate.stats.servedFirst).toBe(before + 1);
  });
});

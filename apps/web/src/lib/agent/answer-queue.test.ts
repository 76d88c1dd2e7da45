import { describe, expect, it } from 'vitest';
import { type JobOutcome, runQueue } from '@/lib/agent/answer-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('runQueue', () => {
  it('runs at most `concurrency` jobs at once, in order', async () => {
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await runQueue(
      [1, 2, 3, 4, 5, 6, 7, 8],
      async (n): Promise<JobOutcome> => {
        order.push(n);
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
        return { kind: 'done' };
      },
      { concurrency: 3 },
    );
    expect(peak).toBe(3);
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a job refused while others run waits for one to finish, then asks again; alone it decides for good', async () => {
    const calls: Array<[string, number, number]> = [];
    await runQueue(
      ['a', 'b'],
      async (x, ctx): Promise<JobOutcome> => {
        calls.push([x, ctx.attempt, ctx.othersRunning]);
        if (x === 'b' && ctx.othersRunning > 0) return { kind: 'afterOthers' };
        await tick();
        return { kind: 'done' };
      },
      { concurrency: 2 },
    );
    expect(calls).toEqual([
      ['a', 1, 0],
      ['b', 1, 1],
      ['b', 2, 0],
    ]);
  });

  it('waits as long as the server said, and stops after maxAttempts', async () => {
    let attempts = 0;
    let last = false;
    await runQueue(
      ['x'],
      async (_x, ctx): Promise<JobOutcome> => {
        attempts += 1;
        last = ctx.isLastAttempt;
        return { kind: 'later', afterMs: 1 };
      },
      { maxAttempts: 3 },
    );
    expect(attempts).toBe(3);
    expect(last).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { TRAIL_LIFETIME_MS, TRAIL_POINTS, trimTrail } from '@/features/marketing/components/cursor-trail';

describe('cursor trail', () => {
  it('keeps at most 21 points, each for 1200 ms', () => {
    const now = 10_000;
    const points = Array.from({ length: 40 }, (_, i) => ({ x: i, y: i, t: now - i * 10 })).reverse();
    expect(trimTrail(points, now)).toHaveLength(TRAIL_POINTS);
    expect(
      trimTrail(
        [
          { x: 0, y: 0, t: now - TRAIL_LIFETIME_MS },
          { x: 1, y: 1, t: now - 1199 },
        ],
        now,
      ),
    ).toEqual([{ x: 1, y: 1, t: now - 1199 }]);
  });
});

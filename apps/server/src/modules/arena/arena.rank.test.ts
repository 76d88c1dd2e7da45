import { describe, expect, it } from 'vitest';
import { rankByIntervals } from '@/modules/arena/arena.leaderboard';

describe('rank by confidence intervals', () => {
  const rows = [
    { id: 'a', lower: 1100, upper: 1160 },
    { id: 'b', lower: 1090, upper: 1150 },
    { id: 'c', lower: 1000, upper: 1080 },
    { id: 'd', lower: 900, upper: 1095 },
  ];
  const ranks = Object.fromEntries(rows.map((r) => [r.id, rankByIntervals(r, rows)]));
  it('gives overlapping models the same rank and counts only the models better with confidence', () => {
    // a and b overlap: both first. c is below both lower bounds: third. d's interval reaches b's: it
    // is beaten with confidence by a only.
    expect(ranks).toEqual({ a: 1, b: 1, c: 3, d: 2 });
  });
});

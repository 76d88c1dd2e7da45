import type { Leaderboard } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { proposersFor } from '@/modules/arena/arena.panel';

const NOW = Date.UTC(2026, 10, 23, 12);
const row = (rank: number, modelId: string) => ({
  rank,
  modelId,
  modelName: modelId,
  provider: 'x',
  score: 1100 - rank * 20,
  lower: 1000,
  upper: 1200,
  votes: 100,
  likes: 0,
  unlikes: 0,
});
const board: Leaderboard = {
  computedAt: new Date(NOW).toISOString(),
  language: null,
  minVotes: 200,
  rules: { battleTtlSeconds: 3600, dailyVotes: 100, burstVotes: 10, burstWindowSeconds: 120, bootstrapRounds: 200 },
  categories: [
    {
      category: 'Coding',
      votes: 500,
      sample: false,
      lastVoteAt: new Date(NOW - 86_400_000).toISOString(),
      rows: ['d', 'b', 'a', 'c', 'e'].map((m, i) => row(i + 1, m)),
    },
    { category: 'Writing', votes: 40, sample: true, lastVoteAt: new Date(NOW).toISOString(), rows: [] },
    {
      category: 'Creative',
      votes: 300,
      sample: false,
      lastVoteAt: new Date(NOW - 30 * 86_400_000).toISOString(),
      rows: [row(1, 'a'), row(2, 'b')],
    },
  ],
};
const available = ['a', 'b', 'c', 'd'].map((id) => ({ id }));

describe('proposersFor: the panel follows the votes', () => {
  it('picks the top k available models of the category, best first, with the reason to show', () => {
    const panel = proposersFor({ category: 'Coding', leaderboard: board, available, panelSize: 3, followLeaderboard: true, now: NOW });
    expect(panel?.models.map((m) => m.id)).toEqual(['d', 'b', 'a']);
    expect(panel?.reason).toBe('top 3 for Coding this week');
    expect(panel).toMatchObject({ category: 'Coding', asOf: null });
  });

  it('skips ranked models that are not configured any more and never pads beyond the ranking', () => {
    const panel = proposersFor({
      category: 'Coding',
      leaderboard: board,
      available: [{ id: 'c' }, { id: 'z' }],
      panelSize: 3,
      followLeaderboard: true,
      now: NOW,
    });
    expect(panel?.models.map((m) => m.id)).toEqual(['c']);
    expect(panel?.reason).toBe('top 1 for Coding this week');
  });

  it('keeps the default panel (null) when following is off, the category is a sample, or unknown', () => {
    const base = { leaderboard: board, available, panelSize: 3, now: NOW };
    expect(proposersFor({ ...base, category: 'Coding', followLeaderboard: false })).toBeNull();
    expect(proposersFor({ ...base, category: 'Writing', followLeaderboard: true })).toBeNull();
    expect(proposersFor({ ...base, category: 'Latest News', followLeaderboard: true })).toBeNull();
  });

  it('says the date of the last vote instead of "this week" when the ranking is older', () => {
    const panel = proposersFor({ category: 'Creative', leaderboard: board, available, panelSize: 2, followLeaderboard: true, now: NOW });
    expect(panel?.reason).toBe('top 2 for Creative as of 2026-10-24');
    expect(panel).toMatchObject({ category: 'Creative', asOf: '2026-10-24' });
  });
});

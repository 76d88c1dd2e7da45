import type { Leaderboard } from '@sangam/contracts';

const WEEK_MS = 7 * 86_400_000;

/**
 * Sangam mode's panel when it follows the votes: the top `panelSize` models of the prompt's category
 * among those available, with the reason to show ("top 3 for Coding this week"). Null (keep the
 * default panel) when following is off, or the category has too few votes for a real ranking, or
 * none of its ranked models is available. "This week" when the category had a vote in the last
 * seven days, else the date of its last vote.
 */
export function proposersFor<T extends { id: string }>({
  category,
  leaderboard,
  available,
  panelSize,
  followLeaderboard,
  now = Date.now(),
}: {
  category: string;
  leaderboard: Leaderboard;
  available: T[];
  panelSize: number;
  followLeaderboard: boolean;
  now?: number;
}): { models: T[]; reason: string; category: string; asOf: string | null } | null {
  if (!followLeaderboard) return null;
  const ranking = leaderboard.categories.find((c) => c.category === category);
  if (!ranking || ranking.sample) return null;
  const byId = new Map(available.map((m) => [m.id, m]));
  const models = ranking.rows.flatMap((r) => byId.get(r.modelId) ?? []).slice(0, panelSize);
  if (models.length === 0) return null;
  const last = ranking.lastVoteAt ? Date.parse(ranking.lastVoteAt) : 0;
  const asOf = now - last <= WEEK_MS ? null : new Date(last).toISOString().slice(0, 10);
  return { models, reason: `top ${models.length} for ${category} ${asOf ? `as of ${asOf}` : 'this week'}`, category, asOf };
}

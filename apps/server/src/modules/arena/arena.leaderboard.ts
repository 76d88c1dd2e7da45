import {
  type ArenaRules,
  LEADERBOARD_CATEGORIES,
  type Leaderboard,
  type LeaderboardCategoryResult,
  LOCALE_CODES,
  type LocaleCode,
  TOOL_CATEGORIES,
} from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { feedbackCounts, rankedVotes } from '@/modules/arena/arena.queries';
import { computeRatingsAsync, type Outcome } from '@/modules/arena/arena.ratings';

/** Bootstrap rounds of each recomputation (the 95 % intervals). */
export const BOOTSTRAP_ROUNDS = 200;
const CATEGORIES = [...LEADERBOARD_CATEGORIES, ...TOOL_CATEGORIES];

type VoteRow = Awaited<ReturnType<typeof rankedVotes>>[number];
type BoardShared = { providers: Map<string, string>; feedback: Map<string, { likes: number; unlikes: number }> };

/**
 * A model's rank as LMArena gives it: 1 + the number of models better than it with confidence (their
 * whole 95 % interval lies above its upper bound). Models whose intervals overlap share a rank, so a
 * lead within the noise is not shown as a place.
 */
export function rankByIntervals(model: { lower: number; upper: number }, all: Array<{ lower: number; upper: number }>) {
  return 1 + all.filter((other) => other.lower > model.upper).length;
}

async function categoryResult({
  category,
  votes,
  minVotes,
  providers,
  feedback,
}: {
  category: string;
  votes: VoteRow[];
  minVotes: number;
  providers: Map<string, string>;
  feedback: Map<string, { likes: number; unlikes: number }>;
}): Promise<LeaderboardCategoryResult> {
  const last = votes.reduce<number>((m, v) => Math.max(m, v.votedAt?.getTime() ?? 0), 0);
  const base = { category, votes: votes.length, lastVoteAt: last ? new Date(last).toISOString() : null };
  if (votes.length < minVotes) return { ...base, sample: true, rows: [] };
  const names = new Map<string, string>();
  for (const v of votes) names.set(v.modelA, v.nameA).set(v.modelB, v.nameB);
  const ratings = await computeRatingsAsync({
    votes: votes.map((v) => ({ a: v.modelA, b: v.modelB, winner: (v.winner ?? 'tie') as Outcome })),
    rounds: BOOTSTRAP_ROUNDS,
  });
  return {
    ...base,
    sample: false,
    rows: ratings.map((r) => ({
      rank: rankByIntervals(r, ratings),
      modelId: r.modelId,
      modelName: names.get(r.modelId) ?? r.modelId,
      provider: providers.get(r.modelId) ?? '',
      score: Math.round(r.score),
      lower: Math.round(r.lower),
      upper: Math.round(r.upper),
      votes: r.votes,
      likes: feedback.get(r.modelId)?.likes ?? 0,
      unlikes: feedback.get(r.modelId)?.unlikes ?? 0,
    })),
  };
}

/**
 * The leaderboard, computed off the request path and cached: recomputed after votes (coalesced:
 * votes arriving during a computation trigger one more) and every ARENA_RECOMPUTE_SECONDS. Readers
 * get the last result at once; only the very first read waits for the first computation.
 */
export function createLeaderboard({
  db,
  minVotes,
  rules,
  everySeconds,
  providers,
  now,
  log,
}: {
  db: Db;
  minVotes: number;
  rules: ArenaRules;
  everySeconds: number;
  /** Model id → provider, for the models configured now. */
  providers: () => Map<string, string>;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  /** The leaderboard of every vote, and one per language of the votes on questions written in it. */
  type Boards = { all: Leaderboard; byLanguage: Map<LocaleCode, Leaderboard> };
  let cached: Boards | undefined;
  let running: Promise<Boards> | undefined;
  let again = false;

  /**
   * One leaderboard of the given votes. A language's category holding every vote of the category (all
   * votes are in that language) is the same computation as the category of every vote: it is reused.
   */
  async function board(votes: VoteRow[], language: LocaleCode | null, shared: BoardShared, ofAll?: Leaderboard) {
    const categories: LeaderboardCategoryResult[] = [];
    for (const category of CATEGORIES) {
      const subset = category === 'Overall' ? votes : votes.filter((v) => v.category === category);
      const same = ofAll?.categories.find((c) => c.category === category && c.votes === subset.length);
      categories.push(same ?? (await categoryResult({ category, votes: subset, minVotes, ...shared })));
    }
    const result: Leaderboard = { computedAt: new Date(now()).toISOString(), language, minVotes, rules, categories };
    return result;
  }

  async function compute(): Promise<Boards> {
    const [votes, feedback] = await Promise.all([rankedVotes(db), feedbackCounts(db)]);
    const shared = { providers: providers(), feedback };
    const all = await board(votes, null, shared);
    const byLanguage = new Map<LocaleCode, Leaderboard>();
    for (const language of LOCALE_CODES) {
      const own = votes.filter((v) => v.language === language);
      byLanguage.set(language, await board(own, language, shared, all));
    }
    return { all, byLanguage };
  }

  function refresh(): Promise<Boards> {
    if (running) {
      again = true;
      return running;
    }
    running = compute()
      .then((result) => {
        cached = result;
        return result;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'arena leaderboard recomputation failed');
        const empty: Leaderboard = { computedAt: null, language: null, minVotes, rules, categories: [] };
        return cached ?? { all: empty, byLanguage: new Map() };
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void refresh();
        }
      });
    return running;
  }

  const timer = setInterval(() => void refresh(), everySeconds * 1000);
  timer.unref();

  return {
    /**
     * The cached leaderboard of every vote, or of one language's votes (the first call waits for the
     * first computation). A language's categories are samples until they have `minVotes` votes of it.
     */
    get: async (language?: LocaleCode): Promise<Leaderboard> => {
      const boards = cached ?? (await refresh());
      if (!language) return boards.all;
      return boards.byLanguage.get(language) ?? { ...boards.all, language, categories: [] };
    },
    /** Asks for a recomputation without waiting for it (after a counted vote or a like). */
    invalidate: () => {
      void refresh();
    },
    /** Resolves once no recomputation is running or queued. */
    settled: async () => {
      while (running) await running;
    },
    close: async () => {
      clearInterval(timer);
      while (running) await running;
    },
  };
}
export type ArenaLeaderboard = ReturnType<typeof createLeaderboard>;

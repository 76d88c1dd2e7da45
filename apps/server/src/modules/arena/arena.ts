import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@/app-context';
import type { ModelClient } from '@/lib/llm/model-client';
import { loadJwtSecret } from '@/lib/secrets';
import { createBattleIds } from '@/modules/arena/arena.battle-id';
import { classifyPrompt } from '@/modules/arena/arena.classify';
import { BOOTSTRAP_ROUNDS, createLeaderboard } from '@/modules/arena/arena.leaderboard';
import { proposersFor } from '@/modules/arena/arena.panel';
import type { ModelRegistry } from '@/modules/models/model-registry';

/**
 * The arena's shared services, built once in buildApp: the signed battle ids, the cached
 * leaderboard, and `panelFor`, Sangam mode's panel when it follows the votes.
 */
export function createArena({ ctx, registry }: { ctx: AppContext; registry: ModelRegistry }) {
  const { config } = ctx;
  const leaderboard = createLeaderboard({
    db: ctx.db,
    minVotes: config.ARENA_MIN_VOTES,
    rules: {
      battleTtlSeconds: config.ARENA_BATTLE_TTL_SECONDS,
      dailyVotes: config.ARENA_DAILY_VOTES,
      burstVotes: config.ARENA_BURST_VOTES,
      burstWindowSeconds: config.ARENA_BURST_WINDOW_SECONDS,
      bootstrapRounds: BOOTSTRAP_ROUNDS,
    },
    everySeconds: config.ARENA_RECOMPUTE_SECONDS,
    providers: () => new Map(registry.list().map((m) => [m.id, m.provider])),
    now: ctx.clock.now,
    log: ctx.log,
  });
  return {
    battleIds: createBattleIds(loadJwtSecret(config)),
    leaderboard,
    /**
     * The proposers for a Sangam-mode prompt: the top ARENA_PANEL_SIZE models of its category with
     * the reason to show, or null (keep the default panel) when ARENA_FOLLOW_LEADERBOARD is false or
     * the category has too few votes.
     */
    panelFor: async ({ prompt, available, log }: { prompt: string; available: ModelClient[]; log: FastifyBaseLogger }) => {
      if (!config.ARENA_FOLLOW_LEADERBOARD) return null;
      const board = await leaderboard.get();
      // No category has a real ranking yet: keep the default panel without a classification call.
      if (!board.categories.some((c) => !c.sample)) return null;
      const classifier = registry.list().some((m) => m.roles.includes('refiner')) ? registry.refiner() : undefined;
      const { category } = await classifyPrompt({ prompt, model: classifier, log });
      return proposersFor({
        category,
        leaderboard: board,
        available,
        panelSize: config.ARENA_PANEL_SIZE,
        followLeaderboard: config.ARENA_FOLLOW_LEADERBOARD,
        now: ctx.clock.now(),
      });
    },
    close: () => leaderboard.close(),
  };
}
export type Arena = ReturnType<typeof createArena>;

import { z } from 'zod';
import { localeSchema } from './languages';

/** The leaderboard's ten tabs (docs/spec-rules.md (decisions)): Overall ranks every vote, the others one category each. */
export const LEADERBOARD_CATEGORIES = [
  'Overall',
  'Coding',
  'Reasoning',
  'Writing',
  'Data & Analytics',
  'Creative',
  'Instructional',
  'Decision & Advisory',
  'Multi-modal',
  'Latest News',
] as const;
export type LeaderboardCategory = (typeof LEADERBOARD_CATEGORIES)[number];

/** The tools, ranked as categories of their own (not tabs of the leaderboard page). */
export const TOOL_CATEGORIES = ['Astrology', 'Calorie', 'Recipe', 'Scripture', 'Chanakya Niti'] as const;

/** What a battle's prompt is about: one of the nine task categories (not Overall) or a tool. */
export const BATTLE_CATEGORIES = [
  'Coding',
  'Reasoning',
  'Writing',
  'Data & Analytics',
  'Creative',
  'Instructional',
  'Decision & Advisory',
  'Multi-modal',
  'Latest News',
  ...TOOL_CATEGORIES,
] as const;
export type BattleCategory = (typeof BATTLE_CATEGORIES)[number];
export const battleCategorySchema = z.enum(BATTLE_CATEGORIES);

/** A battle's prompt: 1 to 4,000 characters. */
export const createBattleSchema = z.object({
  prompt: z.string().trim().min(1, 'Please type a prompt.').max(4_000, 'The prompt is at most 4,000 characters.'),
});
export type CreateBattle = z.infer<typeof createBattleSchema>;

export const battleSchema = z.object({
  /** The battle's id, signed by the server; the only way to vote on it. */
  battleId: z.string(),
  answers: z.object({ A: z.string(), B: z.string() }),
  expiresAt: z.string(),
});
export type Battle = z.infer<typeof battleSchema>;

export const VOTE_WINNERS = ['a', 'b', 'tie', 'both_bad'] as const;
export const voteSchema = z.object({ winner: z.enum(VOTE_WINNERS) });
export type Vote = z.infer<typeof voteSchema>;

const revealedModelSchema = z.object({ id: z.string(), name: z.string() });
export const voteResultSchema = z.object({
  winner: z.enum(VOTE_WINNERS),
  models: z.object({ A: revealedModelSchema, B: revealedModelSchema }),
  category: z.string(),
  /** The language of the battle's question (romanised Hindi is Hindi); null for a battle stored before it was detected. */
  language: localeSchema.nullable(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

export const feedbackSchema = z.object({
  modelId: z.string().regex(/^[\w.-]{1,64}$/, 'Unknown model.'),
  chatId: z.uuid().optional(),
  value: z.enum(['like', 'unlike']),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  modelId: z.string(),
  modelName: z.string(),
  provider: z.string(),
  score: z.number(),
  /** 95 % bootstrap confidence interval of the score. */
  lower: z.number(),
  upper: z.number(),
  votes: z.number().int(),
  likes: z.number().int(),
  unlikes: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardCategorySchema = z.object({
  category: z.string(),
  votes: z.number().int(),
  /** True while the category has fewer votes than `minVotes`: the page shows the labelled sample. */
  sample: z.boolean(),
  lastVoteAt: z.string().nullable(),
  rows: z.array(leaderboardRowSchema),
});
export type LeaderboardCategoryResult = z.infer<typeof leaderboardCategorySchema>;

/** The abuse rules in force, shown on the methodology section. */
export const arenaRulesSchema = z.object({
  battleTtlSeconds: z.number().int(),
  dailyVotes: z.number().int(),
  burstVotes: z.number().int(),
  burstWindowSeconds: z.number().int(),
  bootstrapRounds: z.number().int(),
});
export type ArenaRules = z.infer<typeof arenaRulesSchema>;

/** The leaderboard of one language (the votes on questions written in it), or of every vote without it. */
export const leaderboardQuerySchema = z.object({ language: localeSchema.optional() });
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardSchema = z.object({
  computedAt: z.string().nullable(),
  /** The language the rankings are of; null: every vote, whatever its language. */
  language: localeSchema.nullable(),
  minVotes: z.number().int(),
  rules: arenaRulesSchema,
  categories: z.array(leaderboardCategorySchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

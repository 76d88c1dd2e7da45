import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LEADERBOARD_CATEGORIES, type LeaderboardCategory } from '@sangam/contracts';

/** A sample row; `note` is a message (the board shows it after the category's name). */
export type LeaderboardEntry = { rank: number; modelName: string; score: number; note: MessageDescriptor; neonColor: string };

const MODELS = [
  { name: 'GPT-4o', note: msg`fast, broad and dependable` },
  { name: 'Claude 3.5 Sonnet', note: msg`careful, well-structured and candid` },
  { name: 'Gemini 1.5 Pro', note: msg`long context and strong with mixed media` },
  { name: 'Llama 3.1 405B', note: msg`the strongest open-weights all-rounder` },
  { name: 'DeepSeek V3', note: msg`efficient, precise and good value` },
  { name: 'Mistral Large 2', note: msg`concise and multilingual` },
  { name: 'Qwen 2.5 72B', note: msg`solid maths and Asian-language coverage` },
  { name: 'Grok 2', note: msg`quick and current, sometimes terse` },
  { name: 'Command R+', note: msg`grounded answers with citations` },
] as const;

/** A fixed order per category (sample data): index into MODELS, best first. */
const ORDER: Record<LeaderboardCategory, number[]> = {
  Overall: [0, 1, 2, 3, 4, 5, 6, 7, 8],
  Coding: [1, 4, 0, 6, 3, 2, 5, 7, 8],
  Reasoning: [1, 0, 4, 2, 6, 3, 7, 5, 8],
  Writing: [1, 0, 2, 5, 3, 8, 7, 4, 6],
  'Data & Analytics': [0, 2, 4, 1, 6, 3, 5, 8, 7],
  Creative: [1, 0, 7, 2, 3, 5, 6, 4, 8],
  Instructional: [0, 1, 2, 8, 3, 5, 4, 6, 7],
  'Decision & Advisory': [1, 0, 2, 8, 4, 3, 5, 7, 6],
  'Multi-modal': [2, 0, 1, 6, 3, 7, 4, 5, 8],
  'Latest News': [7, 8, 2, 0, 1, 3, 5, 4, 6],
};

const COLORS = ['cyan', 'green', 'purple', 'pink', 'blue'] as const;

/** Scores fall from 96 to 74 down each table. */
const SCORES = [96, 93, 91, 88, 85, 82, 80, 77, 74];

export const LEADERBOARD: Record<string, LeaderboardEntry[]> = Object.fromEntries(
  LEADERBOARD_CATEGORIES.map((category, c) => [
    category,
    (ORDER[category] ?? []).map((m, i) => {
      const model = MODELS[m] ?? MODELS[0];
      return {
        rank: i + 1,
        modelName: model.name,
        score: (SCORES[i] ?? 74) - (c % 3 === 0 || i === 0 || i === 8 ? 0 : 1),
        note: model.note,
        neonColor: COLORS[i % COLORS.length] ?? 'cyan',
      };
    }),
  ]),
);

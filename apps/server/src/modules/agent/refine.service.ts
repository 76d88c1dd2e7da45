import type { QuestionLanguage, RefineResponse } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '@/errors';
import { ModelError } from '@/lib/llm/provider-error';
import { REFINER_SYSTEM } from '@/modules/agent/agent-prompts';
import type { HistoryTurn } from '@/modules/agent/agent-request';
import { callModel } from '@/modules/agent/call-model';
import type { ModelRegistry } from '@/modules/models/model-registry';

const refinedSchema = z.object({ prompts: z.array(z.string()).min(1).max(8) });

/** Trimmed, non-empty, distinct (case-insensitive) refined prompts, at most four, in rank order. */
export function cleanRefined(prompts: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of prompts.map((x) => x.trim())) {
    const key = p.toLowerCase();
    if (!p || seen.has(key)) continue;
    seen.add(key);
    out.push(p);
    if (out.length === 4) break;
  }
  return out;
}

/** The conversation so far, each turn shortened, as context for the refiner. */
function conversationBlock(context: HistoryTurn[]) {
  if (context.length === 0) return '';
  const turns = context.map(
    (t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${t.content.length > 600 ? `${t.content.slice(0, 600)}…` : t.content}`,
  );
  return `<conversation>\n${turns.join('\n')}\n</conversation>\n\n`;
}

export async function refinePrompt({
  registry,
  prompt,
  context = [],
  signal,
  log,
  language,
}: {
  registry: ModelRegistry;
  prompt: string;
  /** The chat's recent turns: a follow-up is refined in their light (issue 13). */
  context?: HistoryTurn[];
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** The answer's language: the refined prompts are written in it. */
  language?: QuestionLanguage;
}) {
  const model = registry.refiner();
  const outcome = await callModel(
    model,
    {
      system: REFINER_SYSTEM,
      prompt: `${conversationBlock(context)}Return {"prompts": [...]} with up to four improved versions of this prompt${context.length ? ' (a follow-up in the conversation above: each version must stand on its own, naming what it refers to)' : ''}:\n\n<prompt>\n${prompt}\n</prompt>`,
      schema: refinedSchema,
    },
    { signal, role: 'refiner', log, language },
  );
  if (outcome.kind === 'stopped') throw outcome.error;
  if (outcome.kind !== 'done')
    // Logged by callModel by kind and status only: the SDK's error carries the prompt
    // (requestBodyValues) and the provider's answer (responseBody), so it is not passed on as the cause.
    throw new AppError('ALL_MODELS_FAILED', {
      detail: `The prompt refiner (${model.name}) could not answer. Please try again.`,
      cause: new ModelError('the prompt refiner failed'),
    });
  const refined = cleanRefined(outcome.value.prompts);
  const response: RefineResponse = { data: { refined, ranking: refined.map((_, i) => i + 1) }, message: 'Prompt refined' };
  return { response, byModel: [{ modelId: model.id, tokens: outcome.tokens }] };
}

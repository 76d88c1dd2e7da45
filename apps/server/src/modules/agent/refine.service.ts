import type { RefineResponse } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '@/errors';
import { ModelError } from '@/lib/llm/provider-error';
import { REFINER_SYSTEM } from '@/modules/agent/agent-prompts';
import { logModelFailure } from '@/modules/agent/answer.service';
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

export async function refinePrompt({
  registry,
  prompt,
  signal,
  log,
}: {
  registry: ModelRegistry;
  prompt: string;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}) {
  const model = registry.refiner();
  const timeout = AbortSignal.timeout(model.timeoutMs);
  try {
    const { object, usage } = await model.object({
      system: REFINER_SYSTEM,
      prompt: `Return {"prompts": [...]} with up to four improved versions of this prompt:\n\n<prompt>\n${prompt}\n</prompt>`,
      schema: refinedSchema,
      signal: AbortSignal.any([signal, timeout]),
    });
    const refined = cleanRefined(object.prompts);
    const response: RefineResponse = { data: { refined, ranking: refined.map((_, i) => i + 1) }, message: 'Prompt refined' };
    return { response, byModel: [{ modelId: model.id, tokens: usage.inputTokens + usage.outputTokens }] };
  } catch (err) {
    if (signal.aborted) throw err;
    // Logged here by kind and status only: the SDK's error carries the prompt (requestBodyValues)
    // and the provider's answer (responseBody), so it is not passed on as the cause.
    logModelFailure(log, model, err, timeout.aborted ? 'timeout' : 'failed', 'refiner');
    throw new AppError('ALL_MODELS_FAILED', {
      detail: `The prompt refiner (${model.name}) could not answer. Please try again.`,
      cause: new ModelError('the prompt refiner failed'),
    });
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { BATTLE_CATEGORIES } from '@sangam/contracts';
import { z } from 'zod';
import { EvalUserError } from '@/eval/eval-errors';

/** The prompt set shipped with the harness: 50 prompts written by us over the leaderboard's categories. */
export const DEFAULT_PROMPTS_FILE = path.join(import.meta.dirname, 'prompts.jsonl');

/**
 * One prompt of a set: an id (letters, digits, dot, dash, underscore), a category of the leaderboard
 * (Overall is the sum of all, so a prompt never has it) or a tool, and 1 to 4,000 characters of prompt.
 */
export const evalPromptSchema = z.object({
  id: z.string().regex(/^[\w.-]{1,64}$/, 'id: 1 to 64 letters, digits, dot, dash or underscore'),
  category: z.enum(BATTLE_CATEGORIES),
  prompt: z.string().trim().min(1).max(4_000),
});
export type EvalPrompt = z.infer<typeof evalPromptSchema>;

const setSchema = z
  .array(evalPromptSchema)
  .min(1, 'the set has no prompt')
  .superRefine((prompts, ctx) => {
    const seen = new Set<string>();
    prompts.forEach((p, i) => {
      if (seen.has(p.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id ${p.id}` });
      seen.add(p.id);
    });
  });

/** Parses a prompt set: a JSON array (or `{ prompts: [...] }`), or JSON Lines with one prompt a line. */
export function parsePromptSet(text: string, name: string): EvalPrompt[] {
  let raw: unknown;
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || (trimmed.startsWith('{') && !name.endsWith('.jsonl'))) {
    try {
      raw = JSON.parse(trimmed);
    } catch (err) {
      throw new EvalUserError(`${name} is not valid JSON: ${(err as Error).message}`);
    }
    if (raw && typeof raw === 'object' && !Array.isArray(raw) && 'prompts' in raw) raw = raw.prompts;
  } else {
    raw = trimmed.split('\n').flatMap((line, i) => {
      if (!line.trim()) return [];
      try {
        return [JSON.parse(line)];
      } catch (err) {
        throw new EvalUserError(`${name} line ${i + 1} is not valid JSON: ${(err as Error).message}`);
      }
    });
  }
  const parsed = setSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 10)
      .map((i) => `  ${i.path.length ? i.path.join('.') : '(set)'}: ${i.message}`)
      .join('\n');
    throw new EvalUserError(`${name} is not a valid prompt set ({ id, category, prompt } per prompt):\n${issues}`);
  }
  return parsed.data;
}

/** Reads a prompt set from a file, naming the file in every error. */
export function loadPromptSet(file: string): EvalPrompt[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EvalUserError(
      code === 'ENOENT' ? `prompt file not found: ${file}` : `cannot read the prompt file ${file} (${code ?? 'error'})`,
    );
  }
  return parsePromptSet(text, file);
}

/**
 * The first `limit` prompts taken in turn from each category (so that a small limit still covers
 * every category), in the set's order within a category.
 */
export function limitPrompts(prompts: EvalPrompt[], limit?: number): EvalPrompt[] {
  if (limit === undefined || limit >= prompts.length) return prompts;
  const byCategory = new Map<string, EvalPrompt[]>();
  for (const p of prompts) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
  const queues = [...byCategory.values()];
  const chosen: EvalPrompt[] = [];
  for (let round = 0; chosen.length < limit; round++)
    for (const q of queues) {
      const p = q[round];
      if (p && chosen.length < limit) chosen.push(p);
    }
  return chosen;
}

import type { ToolFactsById, ToolId } from '@sangam/contracts';
import { AppError } from '@/errors';

/**
 * A tool behind a GenerateAnswer prompt prefix (SPEC.md section 7), in one shape for all five tools:
 * `<tool>/<tool>.tool.ts` exports a `Tool` whose facts are typed in packages/contracts/src/tools.ts.
 * The engine finds the tool by prefix, asks it to `prepare` the instructions (kept on the server, next
 * to the tool) and the user content, runs the models, then lets the tool `check` the finished answer
 * against its grounded facts (citations, nutrition figures, chart facts).
 */
export type ToolInput = { prompt: string; hasImage: boolean };
export type Prepared<F> = {
  /** System instructions for every model (never taken from the user). */
  system: string;
  /** The user's own text, always sent as user content. */
  user: string;
  /** Facts computed by the tool (a chart, a nutrition table...), returned to the client as data.facts. */
  facts?: F;
};
export type Checked<F> = { answer: string; facts?: F };

export type Tool<Id extends ToolId = ToolId> = {
  id: Id;
  /** True when the raw Prompt field belongs to this tool. */
  matches: (prompt: string) => boolean;
  prepare: (input: ToolInput) => Promise<Prepared<ToolFactsById[Id]>>;
  /** The post-answer verification: marks what disagrees with the facts and returns the facts the client shows. */
  check: (input: { answer: string; facts: ToolFactsById[Id] | undefined }) => Promise<Checked<ToolFactsById[Id]>>;
};

/** What the answer pipeline calls (through findTool of tool-registry.ts): `prepare`, then `finalize` = the tool's `check`. */
export type ToolPreparation = Prepared<unknown>;
export type ToolHandler = {
  id: ToolId;
  matches: (prompt: string) => boolean;
  prepare: (input: ToolInput) => Promise<ToolPreparation>;
  finalize?: (input: { answer: string; facts?: unknown }) => Promise<{ answer: string; facts?: unknown }>;
};

/** The pipeline's view of a typed tool: the facts it hands back are the ones this tool prepared. */
export function toHandler<Id extends ToolId>(tool: Tool<Id>): ToolHandler {
  return {
    id: tool.id,
    matches: tool.matches,
    prepare: (input) => tool.prepare(input),
    finalize: ({ answer, facts }) => tool.check({ answer, facts: facts as ToolFactsById[Id] | undefined }),
  };
}

/** The words after a tool's prefix; a request with neither words nor a photo is refused (400) with `detail`. */
export function wordsOrPhoto({ prompt, hasImage }: { prompt: string; hasImage: boolean }, prefix: string, detail: string): string {
  const words = prompt.slice(prefix.length).trim();
  if (!words && !hasImage) throw new AppError('VALIDATION_FAILED', { detail });
  return words;
}

import type { ToolId } from '@sangam/contracts';

/**
 * A tool behind a GenerateAnswer prompt prefix (SPEC.md section 7). The engine finds the tool by
 * prefix, asks it for the instructions (kept on the server) and the user content, runs the models,
 * then lets the tool check the answer against its grounded facts.
 */
export type ToolPreparation = {
  /** System instructions for every model (never taken from the user). */
  system: string;
  /** The user's own text, always sent as user content. */
  user: string;
  /** Facts computed by the tool (a chart, a nutrition table...), returned to the client as data.facts. */
  facts?: unknown;
};

export type ToolHandler = {
  id: ToolId;
  /** True when the raw Prompt field belongs to this tool. */
  matches: (prompt: string) => boolean;
  prepare: (input: { prompt: string; hasImage: boolean }) => Promise<ToolPreparation>;
  /** Checks or annotates a finished answer (for example citations that do not exist are marked). */
  finalize?: (input: { answer: string; facts?: unknown }) => Promise<{ answer: string; facts?: unknown }>;
};

const handlers: ToolHandler[] = [];

/** Tools register themselves here at start (see modules/tools/index.ts). */
export function registerTool(handler: ToolHandler) {
  if (!handlers.some((h) => h.id === handler.id)) handlers.push(handler);
}

export function findTool(prompt: string): ToolHandler | undefined {
  return handlers.find((h) => h.matches(prompt));
}

import type { AgentStreamEvent } from '@sangam/contracts';
import type { ToolResult } from '@/lib/agent/tool-client';
import type { AppError } from '@/lib/app-error';

/** One model of a tool's answer: writing, done, or failed with the reason the server gave. */
export type ModelProgress = { id: string; name: string; status: 'writing' | 'done' | 'failed'; detail?: string };

/**
 * A tool answer as it arrives. `queued`: waiting for a free slot (asked a few at a time);
 * `loading`: asked, nothing written yet; `streaming`: text arriving; `done`: the final answer
 * (`text` undefined when the server gave none); `failed`: `error` says why.
 */
export type ToolRunStatus = 'idle' | 'queued' | 'loading' | 'streaming' | 'done' | 'failed';
export type ToolRun = {
  status: ToolRunStatus;
  /** The text shown: the first model's while the models write, the fused answer once it streams, then the final one. */
  text: string;
  facts?: unknown;
  /** The final answer had no text (`isBlank`: an empty or blank text, rather than none). */
  isEmpty?: boolean;
  isBlank?: boolean;
  models: ModelProgress[];
  isFusing: boolean;
  error?: AppError;
  /** Internal: every model's streamed text, and which one is shown. */
  drafts: Record<string, string>;
  shown?: string;
};

export const idleRun = (status: ToolRunStatus = 'idle'): ToolRun => ({ status, text: '', models: [], isFusing: false, drafts: {} });

const setModel = (models: ModelProgress[], m: ModelProgress) =>
  models.some((x) => x.id === m.id) ? models.map((x) => (x.id === m.id ? { ...x, ...m } : x)) : [...models, m];

/** The run after one streamed event (pure; the hook and the tests share it). */
export function applyToolEvent(run: ToolRun, e: AgentStreamEvent): ToolRun {
  switch (e.event) {
    case 'model-start':
      return {
        ...run,
        status: run.status === 'streaming' ? 'streaming' : 'loading',
        models: setModel(run.models, { ...e.data, id: e.data.model, status: 'writing' }),
      };
    case 'model-delta': {
      const drafts = { ...run.drafts, [e.data.model]: (run.drafts[e.data.model] ?? '') + e.data.delta };
      const shown = run.shown ?? e.data.model;
      if (run.isFusing || shown !== e.data.model) return { ...run, drafts, shown };
      return { ...run, drafts, shown, status: 'streaming', text: drafts[shown] ?? '' };
    }
    case 'model-end': {
      const drafts = { ...run.drafts, [e.data.model]: e.data.text };
      const models = setModel(run.models, { id: e.data.model, name: e.data.name, status: 'done' });
      const text = !run.isFusing && run.shown === e.data.model ? e.data.text : run.text;
      return { ...run, drafts, models, text };
    }
    case 'model-error': {
      const models = setModel(run.models, { id: e.data.model, name: e.data.name, status: 'failed', detail: e.data.detail });
      if (run.isFusing || run.shown !== e.data.model) return { ...run, models };
      // The model shown failed: show the longest text another model has written so far.
      const others = Object.entries(run.drafts).filter(([id]) => id !== e.data.model);
      const [id, text] = others.reduce<[string | undefined, string]>(
        (best, [k, t]) => (t.length > best[1].length ? [k, t] : best),
        [undefined, ''],
      );
      return { ...run, models, shown: id, text, status: text ? 'streaming' : 'loading' };
    }
    case 'fusion-start':
      return { ...run, isFusing: true };
    case 'fusion-delta': {
      // The fused answer replaces the model's draft from its first words on.
      const text = run.shown === 'fusion' ? run.text + e.data.delta : e.data.delta;
      return { ...run, isFusing: true, shown: 'fusion', text, status: 'streaming' };
    }
    default:
      return run;
  }
}

/** The run once the final answer arrived: its checked text (the citation and figure checks) and facts. */
export function finishRun(run: ToolRun, result: ToolResult): ToolRun {
  return {
    ...run,
    status: 'done',
    text: result.text ?? '',
    isEmpty: result.text === undefined,
    isBlank: result.isBlank === true,
    facts: result.facts,
    isFusing: false,
  };
}

export const failRun = (run: ToolRun, error: AppError): ToolRun => ({ ...run, status: 'failed', error, isFusing: false });

/** Still waiting for its first words (queued or asked). */
export const isWaiting = (run: ToolRun) => run.status === 'queued' || run.status === 'loading';

/**
 * The answer the user reads, typed once: the fused answer from its first words on, the final answer,
 * or the text of the only model left writing (with no other answer to fuse, it is the answer). A
 * model's draft that the fused answer will replace is never shown as the answer (the models' progress
 * says who is writing), so the text shown never shrinks and starts again. Empty while there is none.
 */
export function answerToRead(run: ToolRun): string {
  if (run.status === 'done') return run.text;
  if (run.status !== 'streaming') return '';
  if (run.shown === 'fusion') return run.text;
  const writing = run.models.filter((m) => m.status !== 'failed');
  return writing.length === 1 && writing[0]?.id === run.shown ? run.text : '';
}

/** Asked, and no answer to read yet (the models may be writing drafts to fuse). */
export const isAwaitingAnswer = (run: ToolRun) => isWaiting(run) || (run.status === 'streaming' && answerToRead(run) === '');
export const isBusy = (run: ToolRun) => isWaiting(run) || run.status === 'streaming';

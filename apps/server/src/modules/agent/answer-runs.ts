import type { AgentStreamEvent } from '@sangam/contracts';
import { AnswerStopped } from '@/modules/agent/answer.service';

/** A listener of a run's events; `index` is the event's position in the run's log (the SSE `id`). */
export type RunListener = (e: AgentStreamEvent, index: number) => void;

/**
 * An answer being generated in this process: its events in order (replayable from any index), the
 * listeners following it live, and the controller that stops it. It does not depend on any client.
 */
export class AnswerRun {
  readonly events: AgentStreamEvent[] = [];
  readonly controller = new AbortController();
  private readonly listeners = new Set<RunListener>();
  private finished = false;
  private resolveDone!: () => void;
  /** Resolves when the answer is stored (or has failed) and the run has ended. */
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    readonly userId: string,
    readonly chatId: string,
    readonly assistantMessageId: string,
  ) {}

  get isFinished() {
    return this.finished;
  }

  push = (e: AgentStreamEvent) => {
    if (this.finished) return;
    const index = this.events.push(e) - 1;
    for (const l of this.listeners) l(e, index);
  };

  /** Replays the events from `from` on, then follows the run until it ends; returns the unsubscriber. */
  follow(from: number, listener: RunListener, onEnd: () => void): () => void {
    for (let i = Math.max(0, from); i < this.events.length; i += 1) listener(this.events[i] as AgentStreamEvent, i);
    if (this.finished) {
      onEnd();
      return () => {};
    }
    const wrapped: RunListener = (e, i) => listener(e, i);
    const ended = () => {
      this.listeners.delete(wrapped);
      onEnd();
    };
    this.listeners.add(wrapped);
    this.enders.add(ended);
    return () => {
      this.listeners.delete(wrapped);
      this.enders.delete(ended);
    };
  }
  private readonly enders = new Set<() => void>();

  /** The last event, once the run is over (`final` or `error`). */
  lastEvent() {
    return this.finished ? this.events.at(-1) : undefined;
  }

  stop(detail?: string) {
    if (!this.controller.signal.aborted) this.controller.abort(new AnswerStopped(detail));
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    for (const end of this.enders) end();
    this.enders.clear();
    this.listeners.clear();
    this.resolveDone();
  }
}

/** How long a finished run's exact event log stays replayable in memory (then the stored message is). */
const KEEP_FINISHED_MS = 5 * 60_000;
/**
 * At most this many finished runs are kept (the oldest go first): at a hundred answers a second,
 * five minutes of event logs held hundreds of MB (issue 22's soak). Past it, a replay reads the
 * stored message, as it does after five minutes.
 */
const MAX_FINISHED = 2_000;

/** The answers in progress in this process, by assistant message id (and by the user's Request_Id). */
export function createAnswerRuns() {
  const runs = new Map<string, AnswerRun>();
  const byRequest = new Map<string, AnswerRun>();
  const requestKey = (chatId: string, requestId: string) => `${chatId}\u0001${requestId}`;
  /** Finished runs still kept, oldest first, each with its Request_Id key and the timer that drops it. */
  const finished = new Map<AnswerRun, { key: string; timer: NodeJS.Timeout }>();
  const drop = (run: AnswerRun, key: string) => {
    clearTimeout(finished.get(run)?.timer);
    finished.delete(run);
    if (runs.get(run.assistantMessageId) === run) runs.delete(run.assistantMessageId);
    if (byRequest.get(key) === run) byRequest.delete(key);
  };
  return {
    get: (assistantMessageId: string) => runs.get(assistantMessageId),
    byRequest: (chatId: string, requestId: string) => byRequest.get(requestKey(chatId, requestId)),
    add(run: AnswerRun, requestId: string) {
      runs.set(run.assistantMessageId, run);
      const key = requestKey(run.chatId, requestId);
      byRequest.set(key, run);
      void run.done.then(() => {
        const timer = setTimeout(() => drop(run, key), KEEP_FINISHED_MS);
        timer.unref();
        finished.set(run, { key, timer });
        if (finished.size > MAX_FINISHED) {
          const [oldest] = finished;
          if (oldest) drop(oldest[0], oldest[1].key);
        }
      });
    },
    /** Runs still generating. */
    active: () => [...runs.values()].filter((r) => !r.isFinished),
    /** Stops every run in progress (server shutdown) and waits until each is stored. */
    async stopAll() {
      const active = [...runs.values()].filter((r) => !r.isFinished);
      for (const r of active) r.stop('The server restarted while answering.');
      await Promise.all(active.map((r) => r.done));
    },
  };
}
export type AnswerRuns = ReturnType<typeof createAnswerRuns>;

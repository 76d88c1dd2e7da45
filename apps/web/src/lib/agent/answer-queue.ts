/**
 * What one job asks of the queue when it could not run: `later` after a wait the server named
 * (429 TOO_MANY_ANSWERS with Retry-After), `afterOthers` once another job has finished (402
 * QUOTA_EXCEEDED while other answers still hold reservations that will be settled to their real,
 * smaller usage), or `done` (answered, or failed for good).
 */
export type JobOutcome = { kind: 'done' } | { kind: 'later'; afterMs: number } | { kind: 'afterOthers' };
/** `isLastAttempt`: a job that cannot run now must fail for good instead of asking to wait. */
export type JobContext = { attempt: number; othersRunning: number; isLastAttempt: boolean };

/** Answers that may reserve tokens at once: ~11k tokens each fits three in the free plan's 50k with room to spare. */
export const ANSWERS_AT_ONCE = 3;
/** A job asks at most this many times. */
export const MAX_ATTEMPTS = 4;

/**
 * Runs jobs a few at a time, in order. A job that must wait goes back to the queue; a job parked
 * until others finish gets its turn when one does, or once nothing else is running (then it is
 * told `othersRunning: 0` and decides for good). Resolves when every job is done.
 */
export function runQueue<T>(
  items: readonly T[],
  job: (item: T, ctx: JobContext) => Promise<JobOutcome>,
  {
    concurrency = ANSWERS_AT_ONCE,
    maxAttempts = MAX_ATTEMPTS,
    signal,
  }: { concurrency?: number; maxAttempts?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const waiting = [...items];
  const parked: T[] = [];
  const attempts = new Map<T, number>();
  let running = 0;
  let timers = 0;
  return new Promise<void>((resolve) => {
    const settle = () => {
      if (running > 0) return;
      if (signal?.aborted) return resolve();
      if (timers > 0 || waiting.length > 0) return;
      if (parked.length > 0) {
        waiting.push(...parked.splice(0));
        pump();
        return;
      }
      resolve();
    };
    const pump = () => {
      while (!signal?.aborted && running < concurrency && waiting.length > 0) {
        const item = waiting.shift() as T;
        const attempt = (attempts.get(item) ?? 0) + 1;
        attempts.set(item, attempt);
        running += 1;
        const ctx = { attempt, othersRunning: running - 1 + timers, isLastAttempt: attempt >= maxAttempts };
        job(item, ctx)
          .catch((err: unknown): JobOutcome => {
            console.error('A queued answer failed unexpectedly', err);
            return { kind: 'done' };
          })
          .then((outcome) => {
            running -= 1;
            const canRetry = attempt < maxAttempts;
            if (outcome.kind === 'later' && canRetry) {
              timers += 1;
              window.setTimeout(() => {
                timers -= 1;
                waiting.unshift(item);
                pump();
                settle();
              }, outcome.afterMs);
            } else if (outcome.kind === 'afterOthers' && canRetry) {
              parked.push(item);
            } else {
              // A finished answer settled its reservation: the parked ones may fit now.
              waiting.unshift(...parked.splice(0));
            }
            pump();
            settle();
          });
      }
    };
    pump();
    settle();
  });
}

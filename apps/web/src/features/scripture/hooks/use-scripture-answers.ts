import { SCRIPTURES, type Scripture, type ScriptureFacts } from '@sangam/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { bookRequest } from '@/features/scripture/api/book-request';
import { type JobContext, type JobOutcome, runQueue } from '@/lib/agent/answer-queue';
import { streamTool } from '@/lib/agent/tool-client';
import { applyToolEvent, failRun, finishRun, idleRun, isAwaitingAnswer, isBusy, type ToolRun } from '@/lib/agent/tool-run';
import { toAppError } from '@/lib/app-error';

/** Why a book waits: its turn has not come, or the server asked it to (shown on its card). */
export type WaitReason = 'turn' | 'allowance' | 'busy';
export type BookAnswer = { id: string; book: Scripture; run: ToolRun; waitReason?: WaitReason };

/** Seconds to wait after a 429 without Retry-After. */
const DEFAULT_RETRY_MS = 5000;

/**
 * One streamed GenerateAnswer per selected book, a few at a time (each answer reserves its estimated
 * tokens until it is settled to its real usage, so eight at once can exceed a free plan's allowance
 * that the eight answers would fit in). Books not yet asked wait visibly; a book refused for the
 * allowance while others are still running waits for them and asks again; a failed book stays as a
 * card with the server's reason, never dropped.
 */
export function useScriptureAnswers() {
  const [answers, setAnswers] = useState<BookAnswer[]>([]);
  const controller = useRef<AbortController | null>(null);
  const question = useRef('');
  useEffect(() => () => controller.current?.abort(), []);

  const update = useCallback((id: string, fn: (a: BookAnswer) => BookAnswer) => {
    setAnswers((list) => list.map((a) => (a.id === id ? fn(a) : a)));
  }, []);

  const askBook = useCallback(
    async (book: Scripture, ctx: JobContext, signal: AbortSignal): Promise<JobOutcome> => {
      let current = idleRun('loading');
      const set = (run: ToolRun, waitReason?: WaitReason) => {
        current = run;
        if (!signal.aborted) update(book.id, (a) => ({ ...a, run, waitReason }));
      };
      set(current);
      try {
        const result = await streamTool(bookRequest(book, question.current), (e) => set(applyToolEvent(current, e)), signal);
        set(finishRun(current, result));
        return { kind: 'done' };
      } catch (err) {
        const error = toAppError(err);
        if (error.code === 'ABORTED' || signal.aborted) return { kind: 'done' };
        if (!ctx.isLastAttempt && error.code === 'QUOTA_EXCEEDED' && ctx.othersRunning > 0) {
          set(idleRun('queued'), 'allowance');
          return { kind: 'afterOthers' };
        }
        if (!ctx.isLastAttempt && (error.code === 'TOO_MANY_ANSWERS' || error.code === 'RATE_LIMITED' || error.code === 'SERVER_BUSY')) {
          set(idleRun('queued'), 'busy');
          return { kind: 'later', afterMs: error.retryAfterMs ?? DEFAULT_RETRY_MS };
        }
        console.error(`Scripture answer failed for ${book.name}`, { code: error.code, status: error.status });
        set(failRun(current, error));
        return { kind: 'done' };
      }
    },
    [update],
  );

  const ask = useCallback(
    async (bookIds: string[], q: string) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      question.current = q;
      const books = SCRIPTURES.filter((s) => bookIds.includes(s.id));
      setAnswers(books.map((book) => ({ id: book.id, book, run: idleRun('queued'), waitReason: 'turn' })));
      await runQueue(books, (book, ctx) => askBook(book, ctx, own.signal), { signal: own.signal });
    },
    [askBook],
  );

  /** Asks one failed book again (the others are left as they are). */
  const retry = useCallback(
    async (id: string) => {
      const book = SCRIPTURES.find((s) => s.id === id);
      const own = controller.current;
      if (!book || !own || own.signal.aborted) return;
      update(id, (a) => ({ ...a, run: idleRun('queued'), waitReason: 'turn' }));
      await runQueue([book], (b, ctx) => askBook(b, ctx, own.signal), { signal: own.signal });
    },
    [askBook, update],
  );

  // Loading until some book has an answer to read (the models' drafts before fusion are not one).
  const isLoading = answers.length > 0 && answers.every((a) => isAwaitingAnswer(a.run));
  const isRunning = answers.some((a) => isBusy(a.run));
  return { answers, setAnswers, isLoading, isRunning, ask, retry };
}

/** The citations the server checked, once the book's answer is final. */
export const citationsOf = (a: BookAnswer) =>
  a.run.status === 'done' ? ((a.run.facts as ScriptureFacts | undefined)?.citations ?? []) : [];

import type { ModelAnswer } from '@sangam/contracts';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { messages } from '@/db/schema';

/** Detail stored on a model of an answer that a crashed server left unfinished. */
export const INTERRUPTED_DETAIL = 'The server restarted before this answer finished. Please regenerate it.';

/**
 * Answers a crashed instance left `streaming` (a clean shutdown stops and stores its runs). Every run
 * ends within the request cap, so a row still streaming `afterMs` after it was created belongs to no
 * instance: it is marked failed (its models too) so that no screen waits for it forever and
 * regenerate works. Safe with several instances: a live run is never that old.
 */
export async function failOrphanedAnswers(db: Db, { now, afterMs, log }: { now: number; afterMs: number; log: FastifyBaseLogger }) {
  const stale = await db
    .select({ id: messages.id, answers: messages.answers })
    .from(messages)
    .where(and(eq(messages.status, 'streaming'), lt(messages.createdAt, new Date(now - afterMs))))
    .limit(500);
  for (const row of stale) {
    const answers = (Array.isArray(row.answers) ? (row.answers as ModelAnswer[]) : []).map((a) =>
      a.status === 'streaming' ? { ...a, status: 'failed' as const, error: { code: 'MODEL_FAILED', detail: INTERRUPTED_DETAIL } } : a,
    );
    await db
      .update(messages)
      .set({ status: 'failed', answers })
      .where(and(eq(messages.id, row.id), eq(messages.status, 'streaming')));
  }
  if (stale.length > 0) log.warn({ count: stale.length }, 'answers left unfinished by a stopped server marked failed');
  return stale.length;
}

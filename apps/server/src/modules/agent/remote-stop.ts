import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { messages } from '@/db/schema';
import type { AnswerRuns } from '@/modules/agent/answer-runs';

/**
 * Stop across instances (issue 13). With several instances on one PostgreSQL database, Stop may reach
 * an instance that is not generating the answer: it records the request on the message
 * (`extra.stopRequested`), and every instance looks for requests on the answers it runs once a
 * second. No Redis needed; an instance with no run makes no query.
 */
export async function requestStop(db: Db, messageId: string) {
  await db
    .update(messages)
    .set({ extra: sql`coalesce(${messages.extra}, '{}'::jsonb) || '{"stopRequested": true}'::jsonb` })
    .where(and(eq(messages.id, messageId), eq(messages.status, 'streaming')));
}

/** Stops this instance's runs whose answers were asked to stop elsewhere. */
export async function applyStopRequests(db: Db, runs: AnswerRuns) {
  const running = runs.active().map((r) => r.assistantMessageId);
  if (running.length === 0) return 0;
  const asked = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inArray(messages.id, running), sql`${messages.extra} ->> 'stopRequested' = 'true'`));
  for (const { id } of asked) runs.get(id)?.stop();
  return asked.length;
}

/** Every second, while runs exist: stop those asked to stop on another instance. */
export function watchStopRequests({ db, runs, log }: { db: Db; runs: AnswerRuns; log: FastifyBaseLogger }) {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    applyStopRequests(db, runs)
      .catch((err: unknown) => log.warn({ err }, 'reading stop requests failed'))
      .finally(() => {
        busy = false;
      });
  }, 1_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Waits for a message to leave `streaming`, reading it every `everyMs` for up to `timeoutMs` while
 * `isOpen()` (the caller still wants it): its row then; null when the message is gone; undefined when
 * the time ran out or the caller left.
 */
export async function waitStored(
  db: Db,
  messageId: string,
  { timeoutMs, everyMs = 250, isOpen = () => true }: { timeoutMs: number; everyMs?: number; isOpen?: () => boolean },
) {
  const until = Date.now() + timeoutMs;
  while (isOpen() && Date.now() < until) {
    const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
    if (!row) return null;
    if (row.status !== 'streaming') return row;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return undefined;
}

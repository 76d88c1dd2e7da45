import { getTableName } from 'drizzle-orm';
import { apiKeyUsage, conversations, messages, refreshTokens, usage, usageReservations } from '@/db/schema';

/**
 * PGlite runs no autovacuum (it reports `autovacuum` on, yet a table with 100,000 dead rows is never
 * vacuumed), so the rows the answer path updates or deletes would stay as dead versions for good and
 * every read of those tables would slow down with the server's age (the 20-minute soak: 12,851
 * answers in its first minute, about 4,400 in its last). These tables are vacuumed (and analysed)
 * every VACUUM_EVERY_MS instead, as autovacuum would on PostgreSQL: a lazy vacuum reads only the pages
 * changed since the last one, a few milliseconds each minute.
 */
export const CHURNING_TABLES = [usageReservations, usage, messages, conversations, refreshTokens, apiKeyUsage].map((t) => getTableName(t));
export const VACUUM_EVERY_MS = 60_000;
export const VACUUM_STATEMENT = `VACUUM (ANALYZE) ${CHURNING_TABLES.join(', ')}`;

/** Runs VACUUM_STATEMENT every `everyMs` (one at a time) until the returned stop is called. */
export function vacuumPeriodically(
  run: (statement: string) => Promise<unknown>,
  { everyMs = VACUUM_EVERY_MS, onError }: { everyMs?: number; onError: (err: unknown) => void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run(VACUUM_STATEMENT)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

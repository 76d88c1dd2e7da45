import type { FastifyBaseLogger } from 'fastify';
import { type Db, runRaw } from '@/db/client';

/** The function of migration 0016: each key's last use, and its spend added per day. */
const RECORD_KEY_USAGE =
  'select sangam_record_key_usage($1::uuid[], $2::timestamptz[], $3::text[], $4::integer[], $5::bigint[], $6::bigint[])';

type Use = { keyId: string; day: string; tokens: number; cost: number; at: number };
/** A request's spend waits this long for the others' (one statement per window, not per request). */
const WRITE_AFTER_MS = 20;
/** A batch that failed is tried again this many times, then dropped (logged). */
const MAX_TRIES = 3;

/**
 * The keys' spend, written behind the answers: the requests of a WRITE_AFTER_MS window are summed
 * per key and day and written in one statement (the function of migration 0016, last use included),
 * off the answer's path. Reading a key's spend flushes first.
 */
export function createKeyUsageBatch({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  let pending: Use[] = [];
  let scheduled: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Use[], tries = 1): Promise<void> {
    const rows = new Map<string, { keyId: string; day: string; requests: number; tokens: number; cost: number; at: number }>();
    for (const u of batch) {
      const k = `${u.keyId}|${u.day}`;
      const r = rows.get(k) ?? { keyId: u.keyId, day: u.day, requests: 0, tokens: 0, cost: 0, at: 0 };
      r.requests += 1;
      r.tokens += u.tokens;
      r.cost += u.cost;
      r.at = Math.max(r.at, u.at);
      rows.set(k, r);
    }
    // In a fixed order, so two instances' batches lock the same rows in the same order.
    const list = [...rows.values()].sort((a, b) => `${a.keyId}${a.day}`.localeCompare(`${b.keyId}${b.day}`));
    try {
      await runRaw(db, RECORD_KEY_USAGE, [
        list.map((r) => r.keyId),
        list.map((r) => new Date(r.at).toISOString()),
        list.map((r) => r.day),
        list.map((r) => r.requests),
        list.map((r) => r.tokens),
        list.map((r) => r.cost),
      ]);
    } catch (err) {
      log.error({ err, rows: list.length, tries }, 'recording key usage failed');
      if (tries < MAX_TRIES) await write(batch, tries + 1);
    }
  }

  function flush(): Promise<void> {
    if (scheduled) clearTimeout(scheduled);
    scheduled = undefined;
    const batch = pending;
    pending = [];
    if (batch.length) writing = writing.then(() => write(batch));
    return writing;
  }

  return {
    add(use: Use) {
      pending.push(use);
      scheduled ??= setTimeout(() => void flush(), WRITE_AFTER_MS);
    },
    flush,
  };
}

/**
 * A group commit: the items added in one turn of the event loop are written together by one call of
 * `write`, one batch at a time; what is added while a batch is written goes in the next (at most
 * `maxBatch` per batch, the rest in the batches after). At one item at a time nothing waits; under
 * load one statement and one flush to disk serve many items instead of one each. `write` settles each
 * item itself (its callers await their own item) and must not throw.
 */
export function createGroupCommit<T>({
  write,
  maxBatch = Number.POSITIVE_INFINITY,
}: {
  write: (batch: T[]) => Promise<void>;
  maxBatch?: number;
}) {
  let waiting: T[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let writing: Promise<void> | undefined;

  function flush() {
    scheduled = undefined;
    if (writing || waiting.length === 0) return;
    const batch = waiting.length > maxBatch ? waiting.slice(0, maxBatch) : waiting;
    waiting = waiting.length > maxBatch ? waiting.slice(maxBatch) : [];
    writing = write(batch).finally(() => {
      writing = undefined;
      flush();
    });
  }

  return {
    /** Adds an item to the next batch. */
    add(item: T) {
      waiting.push(item);
      if (!scheduled && !writing) scheduled = setImmediate(flush);
    },
    /** Whether a batch is being written or items wait for the next one (the database is busy with them). */
    busy: () => writing !== undefined || waiting.length > 0,
    /** Resolves once nothing is waiting or being written (shutdown). */
    async drain() {
      while (writing || scheduled || waiting.length) {
        if (scheduled) {
          clearImmediate(scheduled);
          flush();
        }
        await writing;
      }
    },
  };
}

/**
 * A fixed number of slots (the context's sequences) handed out first come, first served: a caller
 * waits in line until a slot is free, leaves the line when its signal aborts, and frees its slot
 * the moment it is done (or stopped), so the next in line starts at once.
 */
export function createSequencePool<S>({ size, open, free }: { size: number; open: () => S; free: (slot: S) => Promise<void> }) {
  let busy = 0;
  const line: Array<{ grant: () => void; signal: AbortSignal; onAbort: () => void }> = [];

  const next = () => {
    while (busy < size && line.length > 0) {
      const waiter = line.shift();
      if (!waiter) break;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      busy += 1;
      waiter.grant();
    }
  };

  const take = async (signal: AbortSignal): Promise<S> => {
    signal.throwIfAborted();
    if (busy >= size || line.length > 0) {
      await new Promise<void>((grant, reject) => {
        const waiter = {
          grant,
          signal,
          onAbort: () => {
            line.splice(line.indexOf(waiter), 1);
            reject(signal.reason);
          },
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
        line.push(waiter);
      });
    } else busy += 1;
    try {
      return open();
    } catch (err) {
      busy -= 1;
      next();
      throw err;
    }
  };

  return {
    /** Runs `work` on a slot of its own, waiting in line for one; the slot is freed when it settles. */
    async use<T>(signal: AbortSignal, work: (slot: S) => Promise<T>): Promise<T> {
      const slot = await take(signal);
      try {
        return await work(slot);
      } finally {
        try {
          await free(slot);
        } finally {
          busy -= 1;
          next();
        }
      }
    },
    stats: () => ({ size, busy, waiting: line.length }),
  };
}
export type SequencePool<S> = ReturnType<typeof createSequencePool<S>>;

import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@/errors';

/** Argon2id is algorithm 2 in @node-rs/argon2 (its const enum cannot be imported here). */
const ARGON2ID = 2;

/** Argon2id with 19 MiB and 2 passes (OWASP's minimum), at most `slots` hashes at once. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordGateOptions = {
  /** Hashes running at once (each holds 19 MiB and a CPU). */
  slots: number;
  /** Of those, kept free for priority work: ordinary work never takes the last `reserved` slots. */
  reserved: number;
  /** Waiting places for ordinary work, and for work from clients known to sign in here. */
  queue: number;
  priorityQueue: number;
  /** The longest ordinary / priority work waits for a slot before it is shed. */
  waitMs: number;
  priorityWaitMs: number;
  /** Retry-After of a shed request, in seconds. */
  retryAfterSeconds: number;
};

/**
 * One hash per core, 2 to 4: more than the cores only slows every hash and starves the event loop
 * (measured with bench/login-flood.mjs on 2 cores: a known user's p95 under a flood fell from
 * ~2 s with 4 slots to ~0.6 s with 2).
 */
const SLOTS = Math.max(2, Math.min(4, os.availableParallelism()));

export const DEFAULT_GATE: PasswordGateOptions = {
  slots: SLOTS,
  reserved: 1,
  queue: 32,
  priorityQueue: 64,
  waitMs: 2000,
  priorityWaitMs: 3000,
  retryAfterSeconds: 2,
};

/**
 * A bounded gate in front of Argon2: a flood can neither queue without end nor starve real users.
 * Work past the waiting places, or that waited too long, is shed at once with 503 SERVER_BUSY and
 * Retry-After; work marked priority (a login from an address that signed in successfully lately)
 * takes the next free slot before any ordinary work, and has `reserved` slots ordinary work never
 * holds, so it rarely waits at all.
 */
export function createPasswordGate(options: PasswordGateOptions = DEFAULT_GATE) {
  type Waiter = { resolve: () => void; reject: (err: Error) => void; timer: NodeJS.Timeout };
  const lanes = { priority: [] as Waiter[], normal: [] as Waiter[] };
  let running = 0;
  const stats = { shed: 0, served: 0, servedFirst: 0 };
  const busy = () => {
    stats.shed += 1;
    return new AppError('SERVER_BUSY', { headers: { 'retry-after': String(options.retryAfterSeconds) } });
  };

  const limit = (priority: boolean) => (priority ? options.slots : options.slots - options.reserved);
  const acquire = (priority: boolean): Promise<void> => {
    if (running < limit(priority) && (priority || lanes.priority.length === 0)) {
      running += 1;
      return Promise.resolve();
    }
    const lane = priority ? lanes.priority : lanes.normal;
    if (lane.length >= (priority ? options.priorityQueue : options.queue)) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(
          () => {
            const at = lane.indexOf(waiter);
            if (at >= 0) lane.splice(at, 1);
            reject(busy());
          },
          priority ? options.priorityWaitMs : options.waitMs,
        ),
      };
      lane.push(waiter);
    });
  };
  const release = () => {
    running -= 1;
    const next =
      lanes.priority.length && running < limit(true)
        ? lanes.priority.shift()
        : lanes.normal.length && running < limit(false)
          ? lanes.normal.shift()
          : undefined;
    if (!next) return;
    running += 1;
    clearTimeout(next.timer);
    next.resolve();
  };

  return {
    stats,
    /** False when work of this kind would be shed now: callers can refuse before doing any other work. */
    admits: (priority = false) =>
      (running < limit(priority) && (priority || lanes.priority.length === 0)) ||
      (priority ? lanes.priority.length < options.priorityQueue : lanes.normal.length < options.queue),
    busyError: () => busy(),
    waiting: () => lanes.priority.length + lanes.normal.length,
    run: async <T>(work: () => Promise<T>, priority = false): Promise<T> => {
      await acquire(priority);
      try {
        stats.served += 1;
        if (priority) stats.servedFirst += 1;
        return await work();
      } finally {
        release();
      }
    },
  };
}
export type PasswordGate = ReturnType<typeof createPasswordGate>;

/** The process's one gate (Argon2's memory and CPU are the process's). */
export const passwordGate = createPasswordGate();

/*
 * `priority`: the password work goes first through the gate (a login from a device that signed in to
 * the account lately). Passed explicitly: an AsyncLocalStorage here would turn on Node 20's promise
 * hooks for every promise of the process, a cost the whole answer path paid (issue 22).
 */
export const hashPassword = (password: string, priority = false) => passwordGate.run(() => hash(password, OPTIONS), priority);

export const verifyPassword = (passwordHash: string, password: string, priority = false) =>
  passwordGate.run(() => verify(passwordHash, password).catch(() => false), priority);

let dummy: Promise<string> | undefined;
/** Spends the same effort as a real check when there is no account, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string, priority = false) {
  // Made once, outside the gate: a shed first attempt must not leave a rejected promise behind.
  dummy ??= hash('dummy-password-for-timing', OPTIONS);
  await verifyPassword(await dummy, password, priority);
  return false;
}

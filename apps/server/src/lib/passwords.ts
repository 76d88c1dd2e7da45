import { AsyncLocalStorage } from 'node:async_hooks';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@/errors';

/** Argon2id is algorithm 2 in @node-rs/argon2 (its const enum cannot be imported here). */
const ARGON2ID = 2;

/** Argon2id with 19 MiB and 2 passes (OWASP's minimum), at most `slots` hashes at once. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordGateOptions = {
  /** Hashes running at once (each holds 19 MiB and a CPU). */
  slots: number;
  /** Waiting places for ordinary work, and for work from clients known to sign in here. */
  queue: number;
  priorityQueue: number;
  /** The longest ordinary / priority work waits for a slot before it is shed. */
  waitMs: number;
  priorityWaitMs: number;
  /** Retry-After of a shed request, in seconds. */
  retryAfterSeconds: number;
};

export const DEFAULT_GATE: PasswordGateOptions = {
  slots: 4,
  queue: 16,
  priorityQueue: 64,
  waitMs: 750,
  priorityWaitMs: 3000,
  retryAfterSeconds: 2,
};

/**
 * A bounded gate in front of Argon2: a flood can neither queue without end nor starve real users.
 * Work past the waiting places, or that waited too long, is shed at once with 503 SERVER_BUSY and
 * Retry-After; work marked priority (a login from an address that signed in successfully lately)
 * takes the next free slot before any ordinary work.
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

  const acquire = (priority: boolean): Promise<void> => {
    if (running < options.slots) {
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
    const next = lanes.priority.shift() ?? lanes.normal.shift();
    if (!next) {
      running -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.resolve(); // the slot passes straight to the next waiter
  };

  return {
    stats,
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

/**
 * Whether the password work of the current request goes first: set per request by the app (a login
 * from an address that signed in successfully lately), read here without threading it through.
 */
export const passwordPriority = new AsyncLocalStorage<boolean>();
const isPriority = () => passwordPriority.getStore() === true;

export const hashPassword = (password: string) => passwordGate.run(() => hash(password, OPTIONS), isPriority());

export const verifyPassword = (passwordHash: string, password: string) =>
  passwordGate.run(() => verify(passwordHash, password).catch(() => false), isPriority());

let dummy: Promise<string> | undefined;
/** Spends the same effort as a real check when there is no account, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string) {
  // Made once, outside the gate: a shed first attempt must not leave a rejected promise behind.
  dummy ??= hash('dummy-password-for-timing', OPTIONS);
  await verifyPassword(await dummy, password);
  return false;
}

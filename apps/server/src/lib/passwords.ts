import { hash, verify } from '@node-rs/argon2';

/** Argon2id is algorithm 2 in @node-rs/argon2 (its const enum cannot be imported here). */
const ARGON2ID = 2;

/** Argon2id with 19 MiB and 2 passes (OWASP's minimum), at most MAX_CONCURRENT hashes at once. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: Array<() => void> = [];

/** A semaphore so a login flood queues instead of exhausting memory. */
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export const hashPassword = (password: string) => withSlot(() => hash(password, OPTIONS));

export const verifyPassword = (passwordHash: string, password: string) => withSlot(() => verify(passwordHash, password).catch(() => false));

let dummy: Promise<string> | undefined;
/** Spends the same effort as a real check when there is no account, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string) {
  dummy ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummy, password);
  return false;
}

import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long one Redis command may take before the caller falls back (Redis answers in < 1 ms). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** While Redis is down, how often a hung (but still "connected") link is probed. */
const PROBE_INTERVAL_MS = 1000;

/**
 * One shared Redis connection that only accelerates: every use names its fallback (in-process
 * limits, the database for revocations). Commands never queue while Redis is away and never wait
 * longer than REDIS_COMMAND_TIMEOUT_MS; the first failure marks the link down (logged once), and it
 * comes back by itself when Redis answers again (after the `onUp` work, e.g. re-sending revocations).
 */
export type RedisLink = {
  client: Redis;
  /** Key prefix for every key this app writes (REDIS_PREFIX). */
  prefix: string;
  isUp: () => boolean;
  use: <T>(work: (redis: Redis) => Promise<T>, fallback: () => Promise<T> | T) => Promise<T>;
  /** Work to finish before the link counts as up again (runs on every (re)connection). */
  onUp: (work: () => Promise<void>) => void;
  /** Resolves once the first connection is up, or after `ms` (then the app starts on its fallbacks). */
  ready: (ms: number) => Promise<boolean>;
  close: () => Promise<void>;
};

export function connectRedis(url: string, { log, prefix = 'sangam:' }: { log: FastifyBaseLogger; prefix?: string }): RedisLink {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(100 * times, 2000),
    lazyConnect: false,
  });
  let up = false;
  let wasDown = false;
  let closed = false;
  let probe: NodeJS.Timeout | undefined;
  const upWork: Array<() => Promise<void>> = [];
  const waiters: Array<(v: boolean) => void> = [];

  const markUp = async () => {
    if (up || closed) return;
    try {
      for (const work of upWork) await work();
    } catch (err) {
      markDown(err);
      return;
    }
    up = true;
    if (probe) clearInterval(probe);
    probe = undefined;
    if (wasDown) log.info('Redis reachable again: shared limits and revocations back on Redis');
    for (const resolve of waiters.splice(0)) resolve(true);
  };
  const markDown = (err: unknown) => {
    if (closed) return;
    if (up || !wasDown) {
      log.warn(
        { cause: err instanceof Error ? err.message : String(err) },
        'Redis unreachable: falling back to in-process limits and the database for revocations',
      );
    }
    up = false;
    wasDown = true;
    // A link that still looks connected but does not answer is probed until it does.
    probe ??= setInterval(() => {
      if (client.status === 'ready')
        client.ping().then(
          () => void markUp(),
          () => {},
        );
    }, PROBE_INTERVAL_MS);
    probe.unref();
  };
  client.on('ready', () => void markUp());
  client.on('error', (err) => markDown(err));
  client.on('close', () => {
    if (up) markDown(new Error('connection closed'));
  });

  return {
    client,
    prefix,
    isUp: () => up,
    use: async (work, fallback) => {
      if (!up) return fallback();
      try {
        return await work(client);
      } catch (err) {
        markDown(err);
        return fallback();
      }
    },
    onUp: (work) => {
      upWork.push(work);
    },
    ready: (ms) =>
      up
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            waiters.push(resolve);
            setTimeout(() => resolve(up), ms).unref();
          }),
    close: async () => {
      closed = true;
      if (probe) clearInterval(probe);
      client.disconnect();
    },
  };
}
export type { Redis };

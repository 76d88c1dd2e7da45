import { Redis } from 'ioredis';

/** One shared Redis connection when REDIS_URL is set. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
export type { Redis };

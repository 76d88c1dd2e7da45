import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import type { Config } from '@/env';
import type { AccessTokens } from '@/lib/access-tokens';
import type { Clock } from '@/lib/clock';
import type { Mailer } from '@/lib/mailer/mailer';
import type { KnownClients } from '@/lib/rate-limit/known-clients';
import type { RateLimiter } from '@/lib/rate-limit/rate-limiter';
import type { RedisLink } from '@/lib/redis';
import type { Revocations } from '@/lib/revocations';
import type { CookieSigner } from '@/lib/signed-cookies';
import type { EmailCodes } from '@/modules/accounts/email-codes';
import type { RefreshTokens } from '@/modules/accounts/refresh-tokens';
import type { AnswerRuns } from '@/modules/agent/answer-runs';
import type { Billing } from '@/modules/billing/billing.service';
import type { ChatWriter } from '@/modules/chats/chat-writer';
import type { UsageMeter } from '@/modules/usage/usage-meter';
import type { RequireUser } from '@/plugins/auth-guard';

/**
 * What every feature module receives: configuration, database and the shared services. Types only:
 * `buildApp` (app.ts) makes it, and no module imports the composition root.
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Database['db'];
  log: FastifyBaseLogger;
  clock: Clock;
  limiter: RateLimiter;
  /** Shared state across instances when REDIS_URL is set (developer keys read it). */
  redisLink?: RedisLink;
  /** Revoked tokens and developer keys, seen by every instance. */
  revocations: Revocations;
  mailer: Mailer;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  emailCodes: EmailCodes;
  requireUser: RequireUser;
  usage: UsageMeter;
  /** The answer path's chat writes (questions asked, answers finished), group-committed. */
  chatWriter: ChatWriter;
  /** Answers being generated in this process (issue 13): followed, resumed and stopped by id. */
  answers: AnswerRuns;
  /** Subscriptions (Razorpay): an account's deletion ends them. */
  billing: Billing;
  /** Signs the device and sign-up owner cookies. */
  cookies: CookieSigner;
  /** Devices that signed in to an account lately: their logins go first through the Argon2 gate. */
  knownClients: KnownClients;
};

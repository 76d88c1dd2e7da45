import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type Database, openDatabase } from '@/db/client';
import type { Config } from '@/env';
import { type AccessTokens, createAccessTokens } from '@/lib/access-tokens';
import { type Clock, systemClock } from '@/lib/clock';
import { createMailer, type Mailer } from '@/lib/mailer/mailer';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from '@/lib/rate-limit/rate-limiter';
import { connectRedis, type Redis } from '@/lib/redis';
import { memoryRevocations, type Revocations, redisRevocations } from '@/lib/revocations';
import { loadJwtSecret } from '@/lib/secrets';
import { accountsRoutes } from '@/modules/accounts/accounts.routes';
import { createEmailCodes, type EmailCodes } from '@/modules/accounts/email-codes';
import { createRefreshTokens, type RefreshTokens } from '@/modules/accounts/refresh-tokens';
import { agentRoutes } from '@/modules/agent/agent.routes';
import { type AnswerRuns, createAnswerRuns } from '@/modules/agent/answer-runs';
import { chatsRoutes, sharedRoutes } from '@/modules/chats/chats.routes';
import { outboxRoutes } from '@/modules/dev/outbox.routes';
import { healthRoutes } from '@/modules/health/health.routes';
import { createModelRegistry } from '@/modules/models/model-registry';
import { registerTools } from '@/modules/tools';
import { usageRoutes } from '@/modules/usage/usage.routes';
import { createUsageMeter, type UsageMeter } from '@/modules/usage/usage-meter';
import { usersRoutes } from '@/modules/users/users.routes';
import { createRequireUser, type RequireUser } from '@/plugins/auth-guard';
import { errorHandler } from '@/plugins/error-handler';
import { securityHeaders } from '@/plugins/security-headers';
import { webApp } from '@/plugins/web-app';

/** What every feature module receives: configuration, database and the shared services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Database['db'];
  log: FastifyBaseLogger;
  clock: Clock;
  redis?: Redis;
  limiter: RateLimiter;
  revocations: Revocations;
  mailer: Mailer;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  emailCodes: EmailCodes;
  requireUser: RequireUser;
  usage: UsageMeter;
  /** Answers being generated in this process (issue 13): followed, resumed and stopped by id. */
  answers: AnswerRuns;
};

/** The repository root, found from this file in the source tree or in the bundled dist. */
function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (fs.existsSync(path.join(dir, 'apps', 'web'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

/** Builds the whole product (API, answer engine, web app) without listening anywhere. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logStream,
}: {
  config: Config;
  database?: Database;
  clock?: Clock;
  /** Where the log goes instead of stdout (tests capture it). */
  logStream?: NodeJS.WritableStream;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  // Graceful shutdown: once closing, in-flight responses end their keep-alive connections.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isClosing) reply.header('connection', 'close');
  });

  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir }));
  const usage = createUsageMeter({
    db: db.db,
    clock,
    freeTokens: config.FREE_PLAN_TOKENS,
    maxInFlight: config.MAX_ANSWERS_PER_USER,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await usage.flush();
    await db.close();
  });
  const secret = loadJwtSecret(config);
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : undefined;
  const revocations = redis ? redisRevocations(redis) : memoryRevocations(clock);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, log: app.log });
  const accessTokens = createAccessTokens(secret, clock, config.ACCESS_TOKEN_TTL_SECONDS);
  app.addHook('onClose', async () => {
    mailer.close();
    await redis?.quit();
  });
  const ctx: AppContext = {
    config,
    database: db,
    db: db.db,
    log: app.log,
    clock,
    redis,
    limiter: redis ? redisRateLimiter(redis) : memoryRateLimiter(clock),
    revocations,
    mailer,
    accessTokens,
    refreshTokens: createRefreshTokens({ db: db.db, clock, revocations, secret }),
    emailCodes: createEmailCodes({ db: db.db, clock, secret }),
    requireUser: createRequireUser(accessTokens, revocations),
    usage,
    answers: createAnswerRuns(),
  };
  // Answers in progress are stopped (keeping their text) and stored before anything closes.
  app.addHook('preClose', async () => ctx.answers.stopAll());

  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);

  await app.register(healthRoutes, { database: db });
  // Feature modules register here, each under its own prefix.
  await app.register(accountsRoutes, { prefix: '/api/v1', ctx });
  await app.register(usersRoutes, { prefix: '/api/user', ctx });
  await app.register(usageRoutes, { prefix: '/api/v1', ctx });
  registerTools();
  const registry = createModelRegistry({ config, env: process.env, log: app.log });
  app.addHook('onClose', async () => registry.close());
  await app.register(chatsRoutes, { prefix: '/api/v1', ctx, registry });
  await app.register(sharedRoutes, { prefix: '/api/v1', ctx });
  await app.register(agentRoutes, { prefix: '/ai/v1', ctx, registry });
  if (config.NODE_ENV !== 'production') await app.register(outboxRoutes, { prefix: '/dev', ctx });

  const distDir = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : path.join(repoRoot(), 'apps', 'web', 'dist');
  await app.register(webApp, { distDir });
  return app;
}

import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppContext } from '@/app-context';
import { type Database, openDatabase } from '@/db/client';
import type { Config } from '@/env';
import { createAccessTokens } from '@/lib/access-tokens';
import { type Clock, systemClock } from '@/lib/clock';
import { serializeErrorWithoutQuery } from '@/lib/log-errors';
import { createMailer } from '@/lib/mailer/mailer';
import { createKnownClients } from '@/lib/rate-limit/known-clients';
import { memoryRateLimiter, resilientRateLimiter } from '@/lib/rate-limit/rate-limiter';
import { connectRedis } from '@/lib/redis';
import { createRevocations } from '@/lib/revocations';
import { loadJwtSecret } from '@/lib/secrets';
import { createCookieSigner } from '@/lib/signed-cookies';
import { accountsRoutes } from '@/modules/accounts/accounts.routes';
import { reapplyDeletedAccounts } from '@/modules/accounts/deleted-accounts-ledger';
import { createEmailCodes } from '@/modules/accounts/email-codes';
import { createRefreshTokens } from '@/modules/accounts/refresh-tokens';
import { agentRoutes } from '@/modules/agent/agent.routes';
import { answerMessageRoutes } from '@/modules/agent/answer-message.routes';
import { REQUEST_CAP_MS } from '@/modules/agent/answer-pipeline';
import { createAnswerRuns } from '@/modules/agent/answer-runs';
import { estimateRoutes } from '@/modules/agent/estimate.routes';
import { watchStopRequests } from '@/modules/agent/remote-stop';
import { createArena } from '@/modules/arena/arena';
import { arenaRoutes } from '@/modules/arena/arena.routes';
import { billingRoutes } from '@/modules/billing/billing.routes';
import { createBilling } from '@/modules/billing/billing.service';
import { createChatWriter } from '@/modules/chats/chat-writer';
import { chatsRoutes, sharedRoutes } from '@/modules/chats/chats.routes';
import { failOrphanedAnswers } from '@/modules/chats/orphaned-answers';
import { outboxRoutes } from '@/modules/dev/outbox.routes';
import { healthRoutes } from '@/modules/health/health.routes';
import { createModelRegistry } from '@/modules/models/model-registry';
import { modelStatusRoutes } from '@/modules/models/models.routes';
import { createKeyStore } from '@/modules/openai/key-store';
import { keysRoutes } from '@/modules/openai/keys.routes';
import { openAiRoutes } from '@/modules/openai/openai.routes';
import { openReservationJournal, replayReservationJournal } from '@/modules/usage/reservation-journal';
import { usageRoutes } from '@/modules/usage/usage.routes';
import { createUsageMeter } from '@/modules/usage/usage-meter';
import { usersRoutes } from '@/modules/users/users.routes';
import { createRequireUser } from '@/plugins/auth-guard';
import { errorHandler } from '@/plugins/error-handler';
import { securityHeaders } from '@/plugins/security-headers';
import { webApp } from '@/plugins/web-app';

/** The repository root, found from this file in the source tree or in the bundled dist. */
function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (fs.existsSync(path.join(dir, 'apps', 'web'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

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
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: DestinationStream;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers["x-razorpay-signature"]'],
      // A query string can carry a secret (the outbox key): requests are logged by path only.
      serializers: {
        // A failed statement's text and parameters (what users sent) never reach a log line.
        err: serializeErrorWithoutQuery,
        req: (req: { method?: string; url?: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          url: req.url?.split('?')[0],
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A hop count trusts that many proxies in front (Fastify's types only take it as a function).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
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
  await reapplyDeletedAccounts({ db: db.db, file: config.deletedAccountsLedger, log: app.log });
  // One process owns a PGlite database: it admits answers in memory and journals their reservations.
  const exclusive = db.kind === 'pglite';
  const journalFile = path.join(config.dataDir, 'reservations.journal');
  if (exclusive) await replayReservationJournal({ db: db.db, file: journalFile, log: app.log });
  const journal = exclusive ? openReservationJournal(journalFile) : undefined;
  const usage = createUsageMeter({
    db: db.db,
    clock,
    freeTokens: config.FREE_PLAN_TOKENS,
    maxInFlight: config.MAX_ANSWERS_PER_USER,
    exclusive,
    journal,
    log: app.log,
  });
  const chatWriter = createChatWriter({ db: db.db, log: app.log });
  app.addHook('onClose', async () => {
    await chatWriter.drain();
    await usage.flush();
    journal?.close();
    await db.close();
  });
  const secret = loadJwtSecret(config);
  const redisLink = config.REDIS_URL ? connectRedis(config.REDIS_URL, { log: app.log, prefix: config.REDIS_PREFIX }) : undefined;
  const revocations = createRevocations({
    db: db.db,
    clock,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    redis: redisLink,
    shared: db.kind === 'postgres',
    log: app.log,
  });
  await revocations.load();
  const pruning = setInterval(() => {
    revocations.prune().catch((err: unknown) => app.log.warn({ err }, 'pruning revoked sessions failed'));
  }, 3600_000);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  // Start on Redis when it answers within a second; otherwise on the fallbacks until it does.
  if (redisLink && !(await redisLink.ready(1000))) app.log.warn('Redis not reachable at start: using the fallbacks until it is');
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, log: app.log });
  const accessTokens = createAccessTokens(secret, clock, config.ACCESS_TOKEN_TTL_SECONDS);
  app.addHook('onClose', async () => {
    mailer.close();
    await redisLink?.close();
  });
  const billing = createBilling({ config, db: db.db, log: app.log, clock });
  const ctx: AppContext = {
    config,
    database: db,
    db: db.db,
    log: app.log,
    clock,
    redisLink,
    revocations,
    limiter: redisLink ? resilientRateLimiter(redisLink, clock) : memoryRateLimiter(clock),
    mailer,
    accessTokens,
    refreshTokens: createRefreshTokens({ db: db.db, clock, revocations, secret }),
    emailCodes: createEmailCodes({ db: db.db, clock, secret }),
    requireUser: createRequireUser(accessTokens, revocations),
    usage,
    chatWriter,
    answers: createAnswerRuns(),
    billing,
    cookies: createCookieSigner(secret),
    knownClients: createKnownClients(clock),
  };
  // Answers in progress are stopped (keeping their text) and stored before anything closes.
  app.addHook('preClose', async () => ctx.answers.stopAll());

  // Requests and responses are checked against the route table of @sangam/contracts (ROUTES).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  await app.register(securityHeaders, { hsts: config.publicUrl.startsWith('https:') });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);

  const registry = createModelRegistry({ config, env: process.env, log: app.log });
  app.addHook('onClose', async () => registry.close());
  await app.register(healthRoutes, { database: db, registry });
  await app.register(modelStatusRoutes, { prefix: '/api/v1', registry });
  // Feature modules register here, each under its own prefix.
  await app.register(accountsRoutes, { prefix: '/api/v1', ctx });
  await app.register(usersRoutes, { prefix: '/api/user', ctx });
  await app.register(usageRoutes, { prefix: '/api/v1', ctx });
  await app.register(billingRoutes, { prefix: '/api/v1', ctx, billing });
  app.addHook('onReady', async () => {
    void billing.warmUp();
  });
  await app.register(chatsRoutes, { prefix: '/api/v1', ctx, registry });
  await app.register(answerMessageRoutes, { prefix: '/api/v1', ctx, registry });
  await app.register(sharedRoutes, { prefix: '/api/v1', ctx });
  await app.register(estimateRoutes, { prefix: '/api/v1', ctx, registry });
  const arena = createArena({ ctx, registry });
  app.addHook('onClose', async () => arena.close());
  await app.register(agentRoutes, { prefix: '/ai/v1', ctx, registry, panelFor: arena.panelFor });
  // The OpenAI-compatible API at /v1 and the developer keys at /api/v1/keys (issue 25).
  const keys = createKeyStore({ db: ctx.db, clock, revocations, useRedis: Boolean(redisLink), log: ctx.log });
  await app.register(keysRoutes, { prefix: '/api/v1', ctx, keys });
  await app.register(openAiRoutes, { prefix: '/v1', ctx, keys, engine: { registry, meter: ctx.usage, panelFor: arena.panelFor } });
  // Answers a crashed instance left streaming: failed once older than the cap (at start, then each minute;
  // wall time, as the rows are stamped).
  const sweepOrphans = () =>
    failOrphanedAnswers(db.db, { now: Date.now(), afterMs: REQUEST_CAP_MS + 60_000, log: app.log }).catch((err: unknown) =>
      app.log.warn({ err }, 'marking unfinished answers failed did not work'),
    );
  app.addHook('onReady', async () => void sweepOrphans());
  // Several instances on one PostgreSQL: Stop pressed on another instance reaches this one's runs.
  if (db.kind === 'postgres') {
    const stopWatching = watchStopRequests({ db: db.db, runs: ctx.answers, log: app.log });
    app.addHook('onClose', async () => stopWatching());
  }
  const orphanSweep = setInterval(sweepOrphans, 60_000);
  orphanSweep.unref();
  app.addHook('onClose', async () => clearInterval(orphanSweep));
  await app.register(arenaRoutes, { prefix: '/api/v1', ctx, registry, arena });
  // The outbox viewer exists only without SMTP and outside production, for a loopback client holding
  // a key made at each start. The link goes to DATA_DIR/outbox-link.txt (0600) and, on a terminal,
  // to the screen; the log names only the file.
  if (mailer.kind === 'outbox' && config.NODE_ENV !== 'production') {
    const key = randomBytes(24).toString('base64url');
    await app.register(outboxRoutes, { prefix: '/dev', ctx, key });
    app.addHook('onListen', async () => {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.PORT;
      const link = `http://${config.HOST === '::1' ? '[::1]' : '127.0.0.1'}:${port}/dev/outbox?key=${key}`;
      const file = path.join(config.dataDir, 'outbox-link.txt');
      fs.writeFileSync(file, `${link}\n`, { mode: 0o600 });
      fs.chmodSync(file, 0o600);
      app.log.info({ file }, 'outbox viewer (sign-up and reset codes, this machine only): link in this file');
      if (process.stdout.isTTY) process.stdout.write(`\nMail outbox (codes for sign-up and reset), from this machine only:\n  ${link}\n\n`);
    });
  }

  const distDir = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : path.join(repoRoot(), 'apps', 'web', 'dist');
  await app.register(webApp, { distDir });
  return app;
}

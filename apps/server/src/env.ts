import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { USD_INR_RATE_DEFAULT } from '@/modules/agent/fusion/quorum';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** What Fastify's `trustProxy` receives: off, a hop count, or the trusted proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

const isCidrOrIp = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: `false` (default, X-Forwarded-For ignored), a hop count (`1` = one proxy in front),
 * or a comma-separated list of proxy addresses/CIDRs. `true` is refused: it trusts every hop, so any
 * client could choose its own address. Returns `!message` for a value that is refused.
 */
export function parseTrustProxy(value: string): TrustProxy | `!${string}` {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true')
    return '!true would trust every hop (any client could pick its address); give the proxies instead, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8, or a hop count such as TRUST_PROXY=1';
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : '!a hop count must be between 0 and 10';
  }
  const list = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = list.find((e) => !isCidrOrIp(e));
  if (bad !== undefined || !list.length) return `!${JSON.stringify(bad ?? v)} is not an IP address or CIDR (e.g. 10.0.0.0/8)`;
  return list;
}

const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * The ledger of deleted accounts (hashed ids), re-applied at start so a restored backup does not bring
     * them back; default DATA_DIR/deleted-accounts.ledger. A file path, never a directory.
     */
    DELETED_ACCOUNTS_LEDGER: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || (!v.includes('\u0000') && !/[/\\]$/.test(v) && !/(^|[/\\])\.{1,2}$/.test(v)), {
        message: 'must be the path of a file (not a directory), e.g. /var/lib/sangam/deleted-accounts.ledger',
      }),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . _ - only (at most 64)')
      .default('sangam:'),
    PUBLIC_URL: z.url({ message: 'must be a full URL such as https://sangam.example' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().min(3).default('Sangam <no-reply@sangam.local>'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    API_KEYS: z
      .string()
      .default('sangam-web')
      .transform((v) =>
        v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      ),
    MODELS_FILE: z.string().optional(),
    LOCAL_MODEL: z.enum(['auto', 'off']).default('auto'),
    LOCAL_MODEL_PATH: z.string().optional(),
    /** Where the local model is downloaded from on first start (the default model's address when unset). */
    LOCAL_MODEL_URL: optionalUrl(['http', 'https']),
    /** The downloaded file's SHA-256 (64 hex digits): a file that does not match is deleted, never loaded. */
    LOCAL_MODEL_SHA256: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : undefined))
      .refine((v) => v === undefined || /^[0-9a-f]{64}$/.test(v), { message: 'must be 64 hexadecimal digits (a SHA-256)' }),
    /** Answers the local model generates at once (its context's sequences); more wait in line, first come first served. */
    LOCAL_MODEL_SEQUENCES: z.coerce.number().int().min(1).max(16).default(2),
    /** CPU threads of each local evaluation; 0 lets node-llama-cpp choose. */
    LOCAL_MODEL_THREADS: z.coerce.number().int().min(0).max(256).default(0),
    /** The longest local answer, in tokens. */
    LOCAL_MODEL_MAX_TOKENS: z.coerce.number().int().min(16).max(8192).default(1024),
    WEB_DIST_DIR: z.string().optional(),
    FREE_PLAN_TOKENS: z.coerce.number().int().min(0).default(50_000),
    /** Answers one user may have in progress at once, over every instance; past it 429 TOO_MANY_ANSWERS. */
    MAX_ANSWERS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(10),
    /** Requests of one developer key in progress at once under /v1, over every instance sharing Redis. */
    V1_KEY_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1_000).default(16),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v, ctx): TrustProxy => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === 'string' && parsed.startsWith('!')) {
          ctx.addIssue({ code: 'custom', message: parsed.slice(1) });
          return z.NEVER;
        }
        return parsed as TrustProxy;
      }),
    /** Arena: a battle can be voted on for this long after it was drawn. */
    ARENA_BATTLE_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
    /** Arena: votes one user may cast per UTC day; past it 429 VOTE_CAP_REACHED. */
    ARENA_DAILY_VOTES: z.coerce.number().int().min(1).max(10_000).default(100),
    /** Arena: more votes than this from one account or address within the burst window are stored flagged and not ranked. */
    ARENA_BURST_VOTES: z.coerce.number().int().min(1).max(10_000).default(10),
    ARENA_BURST_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    /** Arena: a category shows real rankings from this many ranked votes; below it, the labelled sample. */
    ARENA_MIN_VOTES: z.coerce.number().int().min(1).max(1_000_000).default(200),
    /** Arena: ratings are recomputed after votes and at least this often. */
    ARENA_RECOMPUTE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
    /** Sangam mode's panel: how many top models of the prompt's category answer, and whether to follow the leaderboard at all. */
    ARENA_PANEL_SIZE: z.coerce.number().int().min(1).max(10).default(3),
    ARENA_FOLLOW_LEADERBOARD: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Fusion starts once this many proposers have answered ('all', or a count k of n). */
    FUSION_QUORUM: z
      .string()
      .trim()
      .default('all')
      .refine((v) => v === 'all' || /^[1-9]\d{0,1}$/.test(v), { message: "must be 'all' or a whole number from 1 to 99" })
      .transform((v): number | 'all' => (v === 'all' ? 'all' : Number(v))),
    /** Fusion starts at the latest this long after the first proposer finished (the others run on, marked late). */
    FUSION_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
    /** Rupees per US dollar for prices given in USD in the models file: a setting, not a live rate. */
    USD_INR_RATE: z.coerce.number().positive().max(10_000).default(USD_INR_RATE_DEFAULT),
    /** Razorpay payments: all three or none (without them the server takes no payments). */
    RAZORPAY_KEY_ID: optionalSecret.refine((v) => v === undefined || /^rzp_(test|live)_\w+$/.test(v), {
      message: 'must be a Razorpay key id such as rzp_test_...',
    }),
    RAZORPAY_KEY_SECRET: optionalSecret,
    RAZORPAY_WEBHOOK_SECRET: optionalSecret,
    /** Only for tests: where the Razorpay SDK sends its requests instead of https://api.razorpay.com. */
    RAZORPAY_API_URL: optionalUrl(['http', 'https']),
  })
  .superRefine((env, ctx) => {
    const names = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
    const missing = names.filter((n) => !env[n]);
    // The issue names a missing variable, so the message never prints a secret that was given.
    if (missing.length > 0 && missing.length < names.length)
      for (const name of missing)
        ctx.addIssue({ code: 'custom', path: [name], message: `Razorpay needs all of ${names.join(', ')} (or none of them)` });
  });

export type Env = z.infer<typeof envSchema>;
export type Config = Env & { dataDir: string; publicUrl: string; deletedAccountsLedger: string };

/** Reads and validates the environment once; every wrong value is named in one clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${i.message}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}\nSee README.md, section Configuration.`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    deletedAccountsLedger: path.resolve(env.DELETED_ACCOUNTS_LEDGER ?? path.join(env.DATA_DIR, 'deleted-accounts.ledger')),
    publicUrl: env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`,
  };
}

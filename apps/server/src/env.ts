import path from 'node:path';
import { z } from 'zod';

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
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
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
    WEB_DIST_DIR: z.string().optional(),
    FREE_PLAN_TOKENS: z.coerce.number().int().min(0).default(50_000),
    /** Answers one user may have in progress at once, over every instance; past it 429 TOO_MANY_ANSWERS. */
    MAX_ANSWERS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(4),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
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
export type Config = Env & { dataDir: string; publicUrl: string };

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
    publicUrl: env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`,
  };
}

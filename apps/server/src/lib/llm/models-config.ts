import fs from 'node:fs';
import YAML from 'yaml';
import { z } from 'zod';

export const PROVIDERS = [
  'openai',
  'anthropic',
  'google',
  'groq',
  'openrouter',
  'deepseek',
  'mistral',
  'openai-compatible',
  'local',
] as const;
export type ProviderId = (typeof PROVIDERS)[number];
export const ROLES = ['proposer', 'aggregator', 'refiner', 'judge'] as const;

/** A model's price per million tokens, in rupees (the default currency) or US dollars (converted at USD_INR_RATE). */
export const priceSchema = z.object({
  input: z.number().min(0).max(1_000_000),
  output: z.number().min(0).max(1_000_000),
  currency: z.enum(['INR', 'USD']).default('INR'),
});
export type ModelPrice = z.infer<typeof priceSchema>;

/** The environment variable holding each provider's key. */
export const PROVIDER_KEY_ENV: Record<Exclude<ProviderId, 'local' | 'openai-compatible'>, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  groq: 'GROQ_API_KEY',
  openrouter: 'OPENROUTER_API_KEY',
  deepseek: 'DEEPSEEK_API_KEY',
  mistral: 'MISTRAL_API_KEY',
};

/** One model of MODELS_FILE (YAML or JSON); see README "Models". */
export const modelSpecSchema = z.object({
  id: z.string().regex(/^[\w.-]{1,64}$/, 'id: letters, digits, dot, dash or underscore'),
  name: z.string().min(1).max(80),
  provider: z.enum(PROVIDERS),
  model: z.string().min(1),
  baseURL: z.url().optional(),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Z0-9_]+$/)
    .optional(),
  vision: z.boolean().default(false),
  timeoutMs: z.number().int().min(1000).max(600_000).default(60_000),
  roles: z.array(z.enum(ROLES)).min(1).default(['proposer']),
  enabled: z.boolean().default(true),
  /** Proposer calls of this model per answer (Self-MoA); each is its own answer `id#k`. */
  samples: z.number().int().min(1).max(5).default(1),
  /** Sampling temperature sent to the provider (its default when absent). */
  temperature: z.number().min(0).max(2).optional(),
  price: priceSchema.optional(),
});
export type ModelSpec = z.infer<typeof modelSpecSchema>;

const fileSchema = z.object({ models: z.array(modelSpecSchema).min(1) });

/** Reads MODELS_FILE, naming the file and every wrong field when it is invalid. */
export function readModelsFile(file: string): ModelSpec[] {
  const text = fs.readFileSync(file, 'utf8');
  const raw: unknown = file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid MODELS_FILE ${file}:\n${issues}`);
  }
  return parsed.data.models.filter((m) => m.enabled);
}

/** Sensible defaults for each provider key present in the environment (no MODELS_FILE). */
const DEFAULTS: Array<{
  provider: Exclude<ProviderId, 'local' | 'openai-compatible'>;
  id: string;
  name: string;
  model: string;
  vision: boolean;
}> = [
  { provider: 'openai', id: 'gpt-4o-mini', name: 'GPT-4o mini', model: 'gpt-4o-mini', vision: true },
  { provider: 'anthropic', id: 'claude-haiku', name: 'Claude Haiku', model: 'claude-3-5-haiku-latest', vision: true },
  { provider: 'google', id: 'gemini-flash', name: 'Gemini Flash', model: 'gemini-2.0-flash', vision: true },
  { provider: 'groq', id: 'llama-3.3-70b', name: 'Llama 3.3 70B', model: 'llama-3.3-70b-versatile', vision: false },
  { provider: 'deepseek', id: 'deepseek-chat', name: 'DeepSeek V3', model: 'deepseek-chat', vision: false },
  { provider: 'mistral', id: 'mistral-small', name: 'Mistral Small', model: 'mistral-small-latest', vision: false },
  { provider: 'openrouter', id: 'openrouter-auto', name: 'OpenRouter Auto', model: 'openrouter/auto', vision: false },
];

export function modelsFromEnv(env: NodeJS.ProcessEnv): ModelSpec[] {
  const present = DEFAULTS.filter((d) => env[PROVIDER_KEY_ENV[d.provider]]);
  return present.map((d, i) => ({
    ...d,
    timeoutMs: 60_000,
    enabled: true,
    samples: 1,
    roles: i === 0 ? ['proposer', 'aggregator', 'refiner'] : ['proposer'],
  }));
}

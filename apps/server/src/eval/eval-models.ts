import fs from 'node:fs';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import YAML from 'yaml';
import { z } from 'zod';
import { loadConfig } from '@/env';
import { EvalUserError } from '@/eval/eval-errors';
import { createAiSdkClient } from '@/lib/llm/ai-sdk-client';
import type { ModelClient } from '@/lib/llm/model-client';
import { type ModelSpec, modelsFromEnv, readModelsFile } from '@/lib/llm/models-config';
import { USD_INR_RATE_DEFAULT } from '@/modules/agent/fusion/quorum';
import { createModelRegistry, type ModelRegistry } from '@/modules/models/model-registry';

/**
 * A model's price per million tokens, as an optional `price` of its entry in MODELS_FILE:
 * `price: { input: 15, output: 60, currency: INR }` (currency INR by default; USD converted at
 * USD_INR_RATE, the server's one exchange rate setting). A model without a price is counted in tokens only.
 */
const priceSchema = z.object({
  input: z.number().min(0),
  output: z.number().min(0),
  currency: z.enum(['INR', 'USD']).default('INR'),
});
/** Rupees per million input and output tokens, per model id. */
export type PriceBook = Map<string, { input: number; output: number }>;

export type EvalModels = {
  registry: ModelRegistry;
  specs: ModelSpec[];
  judge: ModelClient;
  aggregator: { id: string; name: string } | undefined;
  prices: PriceBook;
  warnings: string[];
};

/** The models of MODELS_FILE, else of the provider keys, as the server reads them; clear errors otherwise. */
export function loadSpecs(env: NodeJS.ProcessEnv): { specs: ModelSpec[]; raw: unknown } {
  const file = env.MODELS_FILE;
  let specs: ModelSpec[];
  let raw: unknown;
  if (file) {
    if (!fs.existsSync(file)) throw new EvalUserError(`models file not found: ${file} (MODELS_FILE)`);
    try {
      specs = readModelsFile(file);
      const text = fs.readFileSync(file, 'utf8');
      raw = file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
    } catch (err) {
      const message = (err as Error).message;
      throw new EvalUserError(message.startsWith('Invalid MODELS_FILE') ? message : `could not parse MODELS_FILE ${file}: ${message}`);
    }
  } else specs = modelsFromEnv(env);
  if (specs.length === 0)
    throw new EvalUserError(
      'no models configured: set MODELS_FILE to a models file (README "Models") or a provider key such as OPENAI_API_KEY',
    );
  const local = specs.find((s) => s.provider === 'local');
  if (local)
    throw new EvalUserError(
      `model ${local.id}: the embedded local model is not supported by npm run eval; serve it with an openai-compatible server (llama.cpp, Ollama) instead`,
    );
  return { specs, raw };
}

/** Prices in rupees from the raw models file; a price that cannot be read is reported, never guessed. */
export function readPrices(raw: unknown, env: NodeJS.ProcessEnv): { prices: PriceBook; warnings: string[] } {
  const prices: PriceBook = new Map();
  const warnings: string[] = [];
  if (!raw || typeof raw !== 'object' || !('models' in raw) || !Array.isArray(raw.models)) return { prices, warnings };
  const rate = Number(env.USD_INR_RATE) > 0 ? Number(env.USD_INR_RATE) : USD_INR_RATE_DEFAULT;
  for (const entry of raw.models as unknown[]) {
    if (!entry || typeof entry !== 'object' || !('price' in entry) || entry.price === undefined) continue;
    const id = 'id' in entry ? String(entry.id) : '?';
    const parsed = priceSchema.safeParse(entry.price);
    if (!parsed.success) {
      warnings.push(`model ${id}: price not understood (expected { input, output, currency }); counted in tokens only`);
      continue;
    }
    const { input, output, currency } = parsed.data;
    const factor = currency === 'USD' ? rate : 1;
    prices.set(id, { input: input * factor, output: output * factor });
  }
  return { prices, warnings };
}

/** Rupees of one call at the model's price; null when the model has no price. */
export function callCostInr(prices: PriceBook, modelId: string, usage: { inputTokens: number; outputTokens: number }) {
  const price = prices.get(modelId);
  return price ? (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000 : null;
}

/** Providers that serve only their own models. */
const VENDORS: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  deepseek: 'deepseek',
  mistral: 'mistral',
};
const NAME_FAMILIES: Array<[RegExp, string]> = [
  [/^(gpt|o\d|chatgpt)/, 'openai'],
  [/^claude/, 'anthropic'],
  [/^(gemini|gemma)/, 'google'],
  [/^llama/, 'meta'],
  [/^(mistral|mixtral|codestral|ministral|magistral)/, 'mistral'],
  [/^deepseek/, 'deepseek'],
  [/^(qwen|qwq)/, 'qwen'],
  [/^grok/, 'xai'],
];

/**
 * A model's family (who trained it): the vendor for a vendor's own API, otherwise read from the model
 * name (`anthropic/claude-3.5-sonnet`, `llama-3.3-70b-versatile`, `qwen2.5:7b`); judges favour their
 * own family's writing, so the judge should be of another family than the aggregator.
 */
export function familyOf(spec: Pick<ModelSpec, 'provider' | 'model'>): string {
  const vendor = VENDORS[spec.provider];
  if (vendor) return vendor;
  const name = spec.model.toLowerCase();
  const base = name.split('/').at(-1) ?? name;
  const known = NAME_FAMILIES.find(([re]) => re.test(base))?.[1];
  if (known) return known;
  if (name.includes('/')) return name.split('/')[0] ?? name;
  return base.split(/[-:._\d]/)[0] || base;
}

/**
 * The judge: `--judge <id>`, else the model with role `judge`, else the aggregator (with a warning:
 * a model judging its own fused answers favours them).
 */
export function pickJudge({ specs, judgeId, aggregatorId }: { specs: ModelSpec[]; judgeId?: string; aggregatorId?: string }) {
  const warnings: string[] = [];
  let judge: ModelSpec | undefined;
  if (judgeId) {
    judge = specs.find((s) => s.id === judgeId);
    if (!judge) throw new EvalUserError(`--judge ${judgeId}: no enabled model with that id (models: ${specs.map((s) => s.id).join(', ')})`);
  } else judge = specs.find((s) => (s.roles as readonly string[]).includes('judge'));
  const aggregator = specs.find((s) => s.id === aggregatorId);
  if (!judge) {
    judge = aggregator ?? specs[0];
    if (!judge) throw new EvalUserError('no model to judge with');
    warnings.push(`no --judge and no model with role judge: the aggregator ${judge.name} judges its own fused answers`);
  }
  if (aggregator && judge.id === aggregator.id)
    warnings.push(
      `the judge is the aggregator (${aggregator.name}): expect a bias towards the fused answer; pass --judge <id> of another family`,
    );
  else if (aggregator && familyOf(judge) === familyOf(aggregator))
    warnings.push(
      `the judge ${judge.name} is of the aggregator's family (${familyOf(judge)}): expect a bias towards the fused answer; pass --judge <id> of another family`,
    );
  if (judge.roles.includes('proposer')) warnings.push(`the judge ${judge.name} is also a proposer: it compares its own answers`);
  return { judge, warnings };
}

/** Builds the registry as the server does, and the judge's client. */
export function createEvalModels({ env, judgeId, log }: { env: NodeJS.ProcessEnv; judgeId?: string; log: FastifyBaseLogger }): EvalModels {
  const { specs, raw } = loadSpecs(env);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    throw new EvalUserError((err as Error).message);
  }
  const registry = createModelRegistry({ config, env, log });
  const aggregatorClient = registry.aggregator();
  const aggregator = aggregatorClient ? { id: aggregatorClient.id, name: aggregatorClient.name } : undefined;
  const picked = pickJudge({ specs, judgeId, aggregatorId: aggregator?.id });
  const { prices, warnings } = readPrices(raw, env);
  return {
    registry,
    specs,
    judge: createAiSdkClient(picked.judge, env),
    aggregator,
    prices,
    warnings: [...picked.warnings, ...warnings],
  };
}

/** Where a model is served, for messages: its base URL, or its provider's API. */
export const whereServed = (spec: ModelSpec) => spec.baseURL ?? `the ${spec.provider} API`;

/**
 * Checks that every base URL of the models in use accepts a connection (no tokens spent), so that a
 * provider that is down fails the run at once with "could not reach …" instead of after retries.
 */
export async function assertReachable(specs: ModelSpec[], timeoutMs = 3_000) {
  const byUrl = new Map<string, ModelSpec[]>();
  for (const s of specs) if (s.baseURL) byUrl.set(s.baseURL, [...(byUrl.get(s.baseURL) ?? []), s]);
  const failures = await Promise.all(
    [...byUrl].map(async ([url, models]) => {
      const code = await connectError(new URL(url), timeoutMs);
      return code ? `could not reach ${models.map((m) => m.name).join(', ')} at ${url} (${code}): is the provider running?` : undefined;
    }),
  );
  const messages = failures.filter((f): f is string => Boolean(f));
  if (messages.length > 0) throw new EvalUserError(messages.join('\n'));
}

function connectError(url: URL, timeoutMs: number): Promise<string | undefined> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
    const done = (code?: string) => {
      socket.destroy();
      resolve(code);
    };
    socket.setTimeout(timeoutMs, () => done('timed out'));
    socket.once('connect', () => done());
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? 'connection failed'));
  });
}

import type { ModelStatus, PublicModel } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/env';
import { AppError } from '@/errors';
import { systemClock } from '@/lib/clock';
import { createAiSdkClient } from '@/lib/llm/ai-sdk-client';
import { createCircuitBreaker } from '@/lib/llm/circuit-breaker';
import { createLocalModel, type LocalModel } from '@/lib/llm/local-llama';
import type { ModelClient } from '@/lib/llm/model-client';
import { createModelLatency } from '@/lib/llm/model-latency';
import { modelsFromEnv, readModelsFile } from '@/lib/llm/models-config';

/**
 * The one registry of models with app-level ids: MODELS_FILE, else the provider keys in the
 * environment, else the embedded local model. Feature code asks it for roles, never for vendors.
 */
export function createModelRegistry({ config, env, log }: { config: Config; env: NodeJS.ProcessEnv; log: FastifyBaseLogger }) {
  const specs = config.MODELS_FILE ? readModelsFile(config.MODELS_FILE) : modelsFromEnv(env);
  const remote = specs.filter((s) => s.provider !== 'local').map((s) => createAiSdkClient(s, env));
  const wantsLocal = specs.some((s) => s.provider === 'local') || (specs.length === 0 && config.LOCAL_MODEL === 'auto');
  const local: LocalModel | undefined = wantsLocal
    ? createLocalModel({
        dataDir: config.dataDir,
        modelPath: config.LOCAL_MODEL_PATH,
        url: config.LOCAL_MODEL_URL,
        sha256: config.LOCAL_MODEL_SHA256,
        sequences: config.LOCAL_MODEL_SEQUENCES,
        threads: config.LOCAL_MODEL_THREADS,
        maxTokens: config.LOCAL_MODEL_MAX_TOKENS,
        log,
      })
    : undefined;
  if (specs.length === 0 && !local) {
    log.warn(
      'No AI model configured and LOCAL_MODEL=off: answer endpoints will answer 503. Set MODELS_FILE or a provider key (README "Models").',
    );
  }

  const breaker = createCircuitBreaker({ clock: systemClock });
  const latency = createModelLatency();
  const clients = (): ModelClient[] => [...remote, ...(local?.status.state === 'ready' ? [local.client] : [])];

  /** Throws 503 MODEL_UNAVAILABLE with a detail the UI can show when nothing can answer. */
  const assertAvailable = () => {
    if (clients().length > 0) return;
    throw new AppError('MODEL_UNAVAILABLE', local ? { detail: local.status.detail } : {});
  };

  const withRole = (role: string) => clients().filter((c) => c.roles.includes(role));

  return {
    breaker,
    /** Each model's recent answer time: fusion sends its proposers slowest first. */
    latency,
    assertAvailable,
    proposers: ({ needsVision = false }: { needsVision?: boolean } = {}) => {
      assertAvailable();
      const all = withRole('proposer');
      const chosen = needsVision ? all.filter((c) => c.vision) : all;
      if (chosen.length === 0)
        throw new AppError('MODEL_UNAVAILABLE', { detail: needsVision ? 'No configured model can read images.' : undefined });
      return chosen;
    },
    aggregator: () => withRole('aggregator')[0] ?? clients()[0],
    /** The configured model with this id (any role), if it can answer now. */
    byId: (id: string) => clients().find((c) => c.id === id),
    /** The model that writes the fusion's analysis: a `judge`, else the aggregator. */
    judge: () => withRole('judge')[0] ?? withRole('aggregator')[0] ?? clients()[0],
    /** How fusion waits for proposers, and the exchange rate of USD prices (from the configuration). */
    fusion: { quorum: config.FUSION_QUORUM, deadlineMs: config.FUSION_DEADLINE_MS, usdInrRate: config.USD_INR_RATE },
    refiner: (): ModelClient => {
      assertAvailable();
      const chosen = withRole('refiner')[0] ?? clients()[0];
      if (!chosen) throw new AppError('MODEL_UNAVAILABLE');
      return chosen;
    },
    list: (): PublicModel[] =>
      clients().map((c) => ({
        id: c.id,
        name: c.name,
        provider: c.provider,
        vision: c.vision,
        roles: c.roles.filter((r): r is PublicModel['roles'][number] => ['proposer', 'aggregator', 'refiner'].includes(r)),
      })),
    /** Whether a model can answer now, and the local model's state when it is used (/readyz, the web's first run). */
    status: (): ModelStatus => ({ available: clients().length > 0, local: local?.snapshot() ?? null }),
    close: async () => {
      await local?.close();
    },
  };
}
export type ModelRegistry = ReturnType<typeof createModelRegistry>;

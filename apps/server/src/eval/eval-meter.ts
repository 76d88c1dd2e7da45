import type { ModelClient, TokenUsage } from '@/lib/llm/model-client';
import type { ModelRegistry } from '@/modules/models/model-registry';

/** Every model call of one pipeline run with its input and output tokens (for the cost in rupees). */
export type Meter = Array<{ modelId: string; usage: TokenUsage }>;

const isModelClient = (v: unknown): v is ModelClient =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ModelClient).id === 'string' &&
  typeof (v as ModelClient).generate === 'function' &&
  typeof (v as ModelClient).stream === 'function';

function meterClient(client: ModelClient, meter: Meter): ModelClient {
  const record = (usage: TokenUsage) => meter.push({ modelId: client.id, usage });
  return {
    ...client,
    generate: async (input) => {
      const result = await client.generate(input);
      record(result.usage);
      return result;
    },
    stream: (input) => {
      const result = client.stream(input);
      return {
        textStream: result.textStream,
        usage: result.usage.then((u) => {
          record(u);
          return u;
        }),
      };
    },
    object: async (input) => {
      const result = await client.object(input);
      record(result.usage);
      return result;
    },
  };
}

/**
 * The registry as the pipeline sees it, with every model client it hands out (proposers, aggregator,
 * or any role added later) recording its calls' token usage in `meter`. The pipeline is unchanged.
 */
export function meteredRegistry(registry: ModelRegistry, meter: Meter): ModelRegistry {
  const wrapped = new Map<ModelClient, ModelClient>();
  const wrap = (v: unknown): unknown => {
    if (isModelClient(v)) {
      const known = wrapped.get(v) ?? meterClient(v, meter);
      wrapped.set(v, known);
      return known;
    }
    if (Array.isArray(v)) return v.map(wrap);
    if (v instanceof Promise) return v.then(wrap);
    return v;
  };
  return new Proxy(registry, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (...args: unknown[]) => wrap(value.apply(target, args)) : value;
    },
  });
}

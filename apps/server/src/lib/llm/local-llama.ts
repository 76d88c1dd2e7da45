import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ChatMessage, ModelClient } from '@/lib/llm/model-client';
import { collect, estimateTokens } from '@/lib/llm/model-client';

/**
 * The embedded default model: Qwen2.5 0.5B Instruct (Apache-2.0), Q4_K_M GGUF, about 400 MB,
 * downloaded once into DATA_DIR/models; LOCAL_MODEL_PATH uses a GGUF file already on disk.
 */
export const LOCAL_MODEL = {
  name: 'Qwen2.5 0.5B Instruct (local)',
  uri: 'hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf',
  license: 'Apache-2.0',
};

const UNAVAILABLE =
  'No AI model is available: the local model could not be loaded or downloaded (offline?). ' +
  'Set a provider key such as OPENAI_API_KEY, or MODELS_FILE, or LOCAL_MODEL_PATH to a GGUF file. See README "Models".';

export type LocalModelStatus = { state: 'off' | 'loading' | 'downloading' | 'ready' | 'unavailable'; detail: string; progress?: number };

type Llama = Awaited<ReturnType<typeof import('node-llama-cpp')['getLlama']>>;
type LlamaModel = Awaited<ReturnType<Llama['loadModel']>>;

/** Loads (and on first start downloads) the local model in the background; the server never waits for it. */
export function createLocalModel({ dataDir, modelPath, log }: { dataDir: string; modelPath?: string; log: FastifyBaseLogger }) {
  const status: LocalModelStatus = { state: 'loading', detail: 'The local model is starting.' };
  let llama: Llama | undefined;
  let model: LlamaModel | undefined;

  const ready = (async () => {
    try {
      const lib = await import('node-llama-cpp');
      llama = await lib.getLlama({ build: 'never', gpu: 'auto', progressLogs: false });
      let file = modelPath;
      if (!file) {
        const dir = path.join(dataDir, 'models');
        fs.mkdirSync(dir, { recursive: true });
        status.state = 'downloading';
        status.detail = `Downloading ${LOCAL_MODEL.name} into ${dir}.`;
        log.info(
          { model: LOCAL_MODEL.uri, dir },
          'downloading the local model (set MODELS_FILE, a provider key or LOCAL_MODEL_PATH to skip)',
        );
        // Offline, the download never starts: say so after 30 s instead of "downloading" forever.
        const watchdog = setTimeout(() => {
          if (status.state === 'downloading' && !status.progress) {
            status.state = 'unavailable';
            status.detail = UNAVAILABLE;
            log.warn(UNAVAILABLE);
          }
        }, 30_000);
        watchdog.unref();
        const downloader = await lib.createModelDownloader({
          modelUri: LOCAL_MODEL.uri,
          dirPath: dir,
          showCliProgress: process.stdout.isTTY === true,
          onProgress: ({ downloadedSize, totalSize }) => {
            status.progress = totalSize ? Math.round((downloadedSize / totalSize) * 100) : undefined;
          },
        });
        file = await downloader.download();
      }
      model = await llama.loadModel({ modelPath: file });
      status.state = 'ready';
      status.detail = `${LOCAL_MODEL.name} is ready.`;
      log.info({ file }, 'local model ready');
    } catch (err) {
      status.state = 'unavailable';
      status.detail = UNAVAILABLE;
      log.warn({ err: err instanceof Error ? err.message : String(err) }, status.detail);
    }
  })();

  const flatten = (messages: ChatMessage[]) =>
    messages
      .map(
        (m) =>
          `${m.role === 'user' ? 'User' : 'Assistant'}: ${typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join('')}`,
      )
      .join('\n\n');

  async function session(system: string) {
    if (!model || !llama) throw new Error(status.detail);
    const lib = await import('node-llama-cpp');
    const context = await model.createContext({ contextSize: 4096 });
    return { lib, context, chat: new lib.LlamaChatSession({ contextSequence: context.getSequence(), systemPrompt: system }) };
  }

  const client: ModelClient = {
    id: 'local',
    name: LOCAL_MODEL.name,
    provider: 'local',
    vision: false,
    timeoutMs: 180_000,
    roles: ['proposer', 'aggregator', 'refiner'],
    stream: ({ system, messages, signal, temperature }) => {
      const chunks: string[] = [];
      let total = '';
      let wake: (() => void) | undefined;
      let done = false;
      let failure: unknown;
      const run = (async () => {
        const { context, chat } = await session(system);
        try {
          await chat.prompt(flatten(messages), {
            signal,
            ...(temperature !== undefined ? { temperature } : {}),
            onTextChunk: (t) => {
              chunks.push(t);
              total += t;
              wake?.();
            },
          });
        } finally {
          await context.dispose();
        }
      })()
        .catch((err: unknown) => {
          failure = err;
        })
        .finally(() => {
          done = true;
          wake?.();
        });
      async function* text() {
        for (;;) {
          if (chunks.length) {
            yield chunks.shift() ?? '';
            continue;
          }
          if (done) break;
          await new Promise<void>((r) => {
            wake = r;
          });
        }
        await run;
        if (failure) throw failure;
      }
      return {
        textStream: text(),
        usage: run.then(() => ({ inputTokens: estimateTokens(flatten(messages)), outputTokens: estimateTokens(total) })),
      };
    },
    generate: (input) => collect(client.stream(input)),
    object: async ({ system, prompt, schema, signal }) => {
      const { context, chat } = await session(system);
      try {
        const grammar = await llama?.createGrammarForJsonSchema(z.toJSONSchema(schema) as never);
        const text = await chat.prompt(prompt, { grammar, signal });
        return {
          object: schema.parse(JSON.parse(text)),
          usage: { inputTokens: estimateTokens(prompt), outputTokens: estimateTokens(text) },
        };
      } finally {
        await context.dispose();
      }
    },
  };

  return {
    client,
    status,
    ready,
    close: async () => {
      await model?.dispose();
      await llama?.dispose();
    },
  };
}
export type LocalModel = ReturnType<typeof createLocalModel>;

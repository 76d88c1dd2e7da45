import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { LlamaContextSequence } from 'node-llama-cpp';
import { DownloadError, downloadFile } from '@/lib/llm/local-model/download';
import { createLlamaClient, type LlamaParts } from '@/lib/llm/local-model/llama-client';
import { createSequencePool } from '@/lib/llm/local-model/sequence-pool';
import { createProgressPrinter, type LocalModelStatus, WAYS_OUT } from '@/lib/llm/local-model/status';

export type { LocalModelStatus } from '@/lib/llm/local-model/status';

/**
 * The embedded default model: Qwen2.5 0.5B Instruct (Apache-2.0), Q4_K_M GGUF, about 400 MB,
 * downloaded once into DATA_DIR/models (docs/decisions/014-local-model.md says why this one).
 */
export const LOCAL_MODEL = {
  name: 'Qwen2.5 0.5B Instruct (local)',
  url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
  license: 'Apache-2.0',
};

export type LocalModelOptions = {
  dataDir: string;
  /** A GGUF file on disk: used as it is, nothing downloaded. */
  modelPath?: string;
  /** Where the model is downloaded from (LOCAL_MODEL_URL), and its SHA-256 if known (LOCAL_MODEL_SHA256). */
  url?: string;
  sha256?: string;
  /** Answers generated at once (the context's sequences); more wait in line, first come first served. */
  sequences?: number;
  /** CPU threads of each evaluation (0: node-llama-cpp's choice). */
  threads?: number;
  maxTokens?: number;
  log: FastifyBaseLogger;
  /** Where the progress bar goes when the terminal is a TTY. */
  terminal?: { isTty: boolean; write: (s: string) => void };
};

/** The file the model at `url` is downloaded to. */
export const downloadTarget = (dataDir: string, url: string) =>
  path.join(dataDir, 'models', decodeURIComponent(new URL(url).pathname.split('/').pop() || 'model.gguf'));

/** Loads (and on first start downloads) the local model in the background; the server never waits for it. */
export function createLocalModel(options: LocalModelOptions) {
  const { log, url = LOCAL_MODEL.url, sequences = 2, threads = 0, maxTokens = 1024 } = options;
  const status: LocalModelStatus = { state: 'loading', detail: 'The local model is starting.' };
  const closing = new AbortController();
  let parts: LlamaParts | undefined;
  const terminal = options.terminal ?? { isTty: process.stderr.isTTY === true, write: (s: string) => process.stderr.write(s) };

  const fail = (detail: string, err?: unknown) => {
    status.state = 'unavailable';
    status.detail = `${detail} ${WAYS_OUT}`;
    log.warn({ err: err instanceof Error ? err.message : err === undefined ? undefined : String(err) }, status.detail);
  };

  async function obtainFile(): Promise<string> {
    if (options.modelPath) return options.modelPath;
    const file = downloadTarget(options.dataDir, url);
    if (fs.existsSync(file)) return file;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    status.state = 'downloading';
    status.detail = `Downloading ${LOCAL_MODEL.name} (first start only).`;
    log.info({ host: new URL(url).host, file }, 'downloading the local model (a provider key, MODELS_FILE or LOCAL_MODEL_PATH skips this)');
    const printer = createProgressPrinter({ log, ...terminal });
    await downloadFile({
      url,
      file,
      sha256: options.sha256,
      signal: closing.signal,
      onProgress: (p) => {
        status.receivedBytes = p.receivedBytes;
        status.totalBytes = p.totalBytes;
        status.progress = p.totalBytes ? Math.floor((p.receivedBytes / p.totalBytes) * 100) : undefined;
        printer.update(p);
      },
    });
    printer.done();
    return file;
  }

  const ready = (async () => {
    try {
      const file = await obtainFile();
      status.state = 'loading';
      status.detail = `Loading ${LOCAL_MODEL.name}.`;
      const lib = await import('node-llama-cpp');
      // CPU only, from the prebuilt binary shipped in node_modules: never a compile, never a download.
      const llama = await lib.getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: lib.LlamaLogLevel.error });
      const model = await llama.loadModel({ modelPath: file });
      const context = await model.createContext({
        sequences,
        contextSize: Math.min(4096, model.trainContextSize),
        ...(threads > 0 ? { threads } : {}),
      });
      const pool = createSequencePool<LlamaContextSequence>({
        size: sequences,
        open: () => context.getSequence(),
        free: (sequence) => sequence.dispose(),
      });
      if (closing.signal.aborted) {
        await llama.dispose();
        return;
      }
      parts = { lib, llama, model, context, pool };
      status.state = 'ready';
      status.detail = `${LOCAL_MODEL.name} is ready.`;
      log.info({ sequences }, 'local model ready');
    } catch (err) {
      if (closing.signal.aborted) return;
      if (err instanceof DownloadError && err.kind === 'offline')
        fail('No AI model is available: the local model could not be downloaded (offline?).', err);
      else if (err instanceof DownloadError && err.kind === 'corrupt')
        fail(
          'No AI model is available: the downloaded local model was corrupt (its checksum did not match) and was deleted; restart to try again.',
          err,
        );
      else if (err instanceof DownloadError) fail('No AI model is available: the local model download broke off.', err);
      else fail('No AI model is available: the local model file could not be loaded.', err);
    }
  })();

  const client = createLlamaClient({
    name: LOCAL_MODEL.name,
    maxTokens,
    parts: () => {
      if (!parts) throw new Error(status.detail);
      return parts;
    },
  });

  return {
    client,
    status,
    /** A copy of the status with the sequences' current use. */
    snapshot: (): LocalModelStatus => ({ ...status, ...(parts ? { sequences: parts.pool.stats() } : {}) }),
    ready,
    /** Stops the download or the answers in progress and frees the context, the model and llama.cpp. */
    close: async () => {
      closing.abort(new Error('the server is shutting down'));
      await ready;
      const p = parts;
      parts = undefined;
      status.state = 'off';
      status.detail = 'The local model is shut down.';
      if (!p) return;
      await p.context.dispose();
      await p.model.dispose();
      await p.llama.dispose();
    },
  };
}
export type LocalModel = ReturnType<typeof createLocalModel>;

import type { FastifyBaseLogger } from 'fastify';

/** What the local model is doing: the web shows `downloading`/`loading` progress, `unavailable` the way out. */
export type LocalModelState = 'loading' | 'downloading' | 'ready' | 'unavailable' | 'off';
export type LocalModelStatus = {
  state: LocalModelState;
  detail: string;
  /** Download progress, 0..100, once the size is known. */
  progress?: number;
  receivedBytes?: number;
  totalBytes?: number;
  /** Answers running on the context's sequences, and those waiting in line for one. */
  sequences?: { size: number; busy: number; waiting: number };
};

/** The three ways to get a model, named in every message about the local model being unavailable. */
export const WAYS_OUT =
  'To answer, set one of: a provider key such as OPENAI_API_KEY (README "Models" lists them); ' +
  'MODELS_FILE, a file listing the models to use; or LOCAL_MODEL_PATH, a GGUF model file on this machine.';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Shows download progress where the operator looks: a bar redrawn on a terminal (stderr), else one
 * log line at each tenth.
 */
export function createProgressPrinter({ log, isTty, write }: { log: FastifyBaseLogger; isTty: boolean; write: (s: string) => void }) {
  let lastTenth = -1;
  return {
    update: ({ receivedBytes, totalBytes }: { receivedBytes: number; totalBytes?: number }) => {
      const percent = totalBytes ? Math.floor((receivedBytes / totalBytes) * 100) : undefined;
      if (isTty) {
        const width = 30;
        const filled = percent === undefined ? 0 : Math.round((percent / 100) * width);
        const size = totalBytes ? `${megabytes(receivedBytes)} of ${megabytes(totalBytes)}` : megabytes(receivedBytes);
        write(`\rLocal model [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent ?? '?'}% ${size}   `);
        return;
      }
      const tenth = percent === undefined ? Math.floor(receivedBytes / (50 * MB)) : Math.floor(percent / 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      log.info({ receivedBytes, totalBytes, progress: percent }, `local model download: ${percent ?? '?'}%`);
    },
    done: () => {
      if (isTty) write('\n');
    },
  };
}

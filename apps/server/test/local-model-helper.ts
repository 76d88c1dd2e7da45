import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModelStatus } from '@sangam/contracts';
import { checkGguf } from '@/lib/llm/gguf-fixture/check-gguf';
import { writeTinyLlama } from '@/lib/llm/gguf-fixture/tiny-llama';
import type { EngineTest } from './engine-helper';
import { startTestApp } from './helper';
import { createVerifiedUser } from './users';

/** The tiny random-weight model written into a fresh temporary folder, checked by an independent GGUF parser. */
export async function tinyModelFile(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-gguf-'));
  const file = writeTinyLlama(path.join(dir, 'tiny-llama.gguf'));
  await checkGguf(file);
  return file;
}

export const readStatus = async (baseUrl: string) => (await (await fetch(`${baseUrl}/api/v1/model-status`)).json()) as ModelStatus;

/** Polls the public model status until `until` holds (or throws after `ms`). */
export async function waitForStatus(baseUrl: string, until: (s: ModelStatus) => boolean, ms = 30_000): Promise<ModelStatus> {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = await readStatus(baseUrl);
    if (until(status)) return status;
    if (Date.now() > deadline) throw new Error(`model status still ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The whole app answering with the tiny model through node-llama-cpp (no other model configured),
 * a signed-in user, and the model loaded. One thread per evaluation: this machine has two cores.
 */
export async function startLocalModelTest(env: Record<string, string> = {}) {
  const file = await tinyModelFile();
  const t = await startTestApp({
    LOCAL_MODEL: 'auto',
    LOCAL_MODEL_PATH: file,
    LOCAL_MODEL_THREADS: '1',
    LOCAL_MODEL_MAX_TOKENS: '48',
    ...env,
  });
  const user = await createVerifiedUser(t);
  await waitForStatus(t.baseUrl, (s) => s.local?.state === 'ready' || s.local?.state === 'unavailable');
  return {
    t,
    user,
    file,
    engine: { t, user } as unknown as EngineTest,
    close: async () => {
      await t.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

import type { ChatDetail } from '@sangam/contracts';
import { startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { readEvents, type SseEvent } from '@sangam/test-fakes/sse';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { convClient } from './conv-helper';
import type { EngineTest } from './engine-helper';
import { startTestApp, writeModelsFile } from './helper';
import { createVerifiedUser } from './users';

/** One model of a test MODELS_FILE pointed at the fake upstream (extra fields: samples, temperature, price, roles). */
export type TestModel = { id: string; name?: string; roles?: string[]; timeoutMs?: number } & Record<string, unknown>;

/** The app with a models file of our own and extra environment (FUSION_QUORUM, ...), and a signed-in user. */
export async function startFusionTest(
  models: TestModel[],
  env: Record<string, string> = {},
  { logStream }: { logStream?: DestinationStream } = {},
): Promise<EngineTest> {
  const fake = await startFakeLlm();
  const entries = models.map(({ id, name, roles, timeoutMs, ...rest }) => ({
    id,
    name: name ?? `${id[0]?.toUpperCase()}${id.slice(1)}`,
    provider: 'openai-compatible',
    model: id,
    baseURL: `${fake.url}/v1`,
    roles: roles ?? ['proposer'],
    timeoutMs: timeoutMs ?? 5000,
    ...rest,
  }));
  const file = writeModelsFile(JSON.stringify({ models: entries }));
  const t = await startTestApp({ MODELS_FILE: file, ...env }, { logStream });
  const user = await createVerifiedUser(t);
  return {
    fake,
    t,
    user,
    ask: async () => {
      throw new Error('use convClient(e).ask');
    },
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** Asks in a chat with Server-Sent Events, noting when each event arrived (ms since the request). */
export async function askTimed(e: EngineTest, fields: Record<string, string>) {
  const started = Date.now();
  const res = await convClient(e).ask(fields, { stream: true });
  const at: number[] = [];
  const events = await readEvents(res, () => {
    at.push(Date.now() - started);
    return false;
  });
  return { status: res.status, events, at, started };
}

export const named = (events: SseEvent[], name: string) => events.filter((ev) => ev.event === name);
export const assistantOf = (d: ChatDetail) => d.messages.filter((m) => m.role === 'assistant').at(-1);

/** startFusionTest for a describe block: started before its tests, with a conversation client, the fake reset before each test, closed after. */
export function useFusionTest(
  models: TestModel[],
  env: Record<string, string>,
  onReady: (e: EngineTest, c: ReturnType<typeof convClient>) => void,
) {
  let e: EngineTest | undefined;
  beforeAll(async () => {
    e = await startFusionTest(models, env);
    onReady(e, convClient(e));
  });
  afterAll(async () => {
    await e?.close();
  });
  beforeEach(() => e?.fake.reset());
}

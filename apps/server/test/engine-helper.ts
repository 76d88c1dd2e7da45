import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp, writeModelsFile } from './helper';
import { createVerifiedUser, type TestUser } from './users';

export type EngineTest = {
  fake: FakeLlm;
  t: TestApp;
  user: TestUser;
  /** GenerateAnswer with a prompt and, optionally, an image (sent as `image_file`). */
  ask: (prompt: string, options?: { image?: Buffer }) => Promise<{ status: number; body: AskBody }>;
  close: () => Promise<void>;
};
type AskBody = { code?: string; detail?: string; data: { best_output: string; facts?: unknown } };

/** The whole app with its models pointed at a fake OpenAI-compatible upstream, and a signed-in user. */
export async function startEngineTest({ timeoutMs }: { timeoutMs?: number } = {}): Promise<EngineTest> {
  const fake = await startFakeLlm();
  const file = writeModelsFile(fakeModelsFile(fake.url, timeoutMs ? { timeoutMs } : {}));
  const t = await startTestApp({ MODELS_FILE: file });
  const user = await createVerifiedUser(t);
  const ask = async (prompt: string, options: { image?: Buffer } = {}) => {
    const form = new FormData();
    form.append('Prompt', prompt);
    if (options.image) form.append('image_file', new Blob([new Uint8Array(options.image)], { type: 'image/png' }));
    form.append('Chat_Id', 'abc123');
    form.append('Request_Id', `req_${Date.now()}`);
    const res = await fetch(`${t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
      method: 'POST',
      headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${user.accessToken}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as AskBody };
  };
  return {
    fake,
    t,
    user,
    ask,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** One engine test for a test file (or describe block): started before, closed after, the fake reset before each test. */
export function useEngineTest(onReady: (engine: EngineTest) => void) {
  let engine: EngineTest | undefined;
  beforeAll(async () => {
    engine = await startEngineTest();
    onReady(engine);
  });
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(() => engine?.fake.reset());
}

/** A plain square PNG of one colour (a stand-in photo for the vision paths). */
export const squarePng = (size: number, background: string) =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();

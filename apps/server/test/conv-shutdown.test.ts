import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MessageIdsEvent } from '@sangam/contracts';
import { fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { readEvents } from '@sangam/test-fakes/sse';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { openDatabase } from '@/db/client';
import { messages } from '@/db/schema';
import { convClient } from './conv-helper';
import type { EngineTest } from './engine-helper';
import { listenOnLocalhost, testConfig } from './helper';
import { createVerifiedUser } from './users';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-conv-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('an answer in progress when the server shuts down is stopped and stored with its partial text', async () => {
  const fake = await startFakeLlm();
  const file = path.join(dataDir, 'models.json');
  fs.writeFileSync(file, fakeModelsFile(fake.url));
  for (const m of ['alpha', 'beta', 'gamma']) fake.behave(m, { reply: 'long answer '.repeat(80), chunkSize: 6, chunkDelayMs: 30 });
  // PGlite on disk, so that the database can be read again after the app has closed it.
  const config = testConfig(dataDir, { MODELS_FILE: file });
  const app = await buildApp({ config, database: await openDatabase({ dataDir }) });
  const baseUrl = await listenOnLocalhost(app);
  const t = { app, config, db: undefined as never, dataDir, baseUrl, close: async () => {} };
  const user = await createVerifiedUser(t);
  const c = convClient({ fake, t, user } as unknown as EngineTest);
  const chatId = randomUUID();
  const seen = await readEvents(
    await c.ask({ Prompt: 'shut down during me', Chat_Id: chatId }, { stream: true }),
    (_e, all) => all.filter((x) => x.event === 'model-delta').length >= 6,
  );
  const ids = seen[0]?.data as MessageIdsEvent;
  await app.close();
  await fake.close();
  const reopened = await openDatabase({ dataDir });
  const [row] = await reopened.db.select().from(messages).where(eq(messages.id, ids.assistantMessageId));
  await reopened.close();
  expect(row?.status).toBe('stopped');
  const answers = row?.answers as Array<{ status: string; text: string }>;
  expect(answers.map((a) => a.status)).toEqual(['stopped', 'stopped', 'stopped']);
  expect(answers.some((a) => a.text.length > 0)).toBe(true);
}, 60_000);

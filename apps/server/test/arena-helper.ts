import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import type { Clock } from '@/lib/clock';
import { startTestApp, type TestApp } from './helper';
import { createVerifiedUser, randomIp, type TestUser } from './users';

export type ArenaTest = { fake: FakeLlm; t: TestApp; close: () => Promise<void> };

/** The whole app on a fresh database, its models (alpha, beta, gamma, refiner...) on the fake upstream. */
export async function startArenaTest(
  env: Record<string, string> = {},
  options: { clock?: Clock; logStream?: NodeJS.WritableStream } = {},
): Promise<ArenaTest> {
  const fake = await startFakeLlm();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-models-')), 'models.json');
  fs.writeFileSync(file, fakeModelsFile(fake.url));
  const t = await startTestApp({ MODELS_FILE: file, ...env }, options);
  return {
    fake,
    t,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

export type Json = Record<string, unknown> & { code?: string; detail?: string };

/** A JSON request as a signed-in user (or anonymous), from a given address. */
export async function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  { user, body, ip = randomIp() }: { user?: TestUser; body?: unknown; ip?: string } = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${t.baseUrl}${url}`, {
    method,
    headers: {
      'x-forwarded-for': ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(user ? { authorization: `Bearer ${user.accessToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}

export type BattleBody = { battleId: string; answers: { A: string; B: string }; expiresAt: string };

export async function battle(t: TestApp, user: TestUser, prompt = 'Explain recursion simply', ip?: string) {
  const res = await call(t, 'POST', '/api/v1/arena/battles', { user, body: { prompt }, ip });
  if (res.status !== 201) throw new Error(`battle failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as BattleBody;
}

export const vote = (t: TestApp, user: TestUser, battleId: string, winner: string, ip?: string) =>
  call(t, 'POST', `/api/v1/arena/battles/${encodeURIComponent(battleId)}/vote`, { user, body: { winner }, ip });

export { createVerifiedUser };

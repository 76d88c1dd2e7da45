import { type FakeLlm, fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { expect } from 'vitest';
import type { Clock } from '@/lib/clock';
import { startTestApp, type TestApp, writeModelsFile } from './helper';
import { createVerifiedUser, randomIp, type TestUser } from './users';

export type ArenaTest = { fake: FakeLlm; t: TestApp; close: () => Promise<void> };

/** The whole app on a fresh database, its models (alpha, beta, gamma, refiner...) on the fake upstream. */
export async function startArenaTest(
  env: Record<string, string> = {},
  options: { clock?: Clock; logStream?: NodeJS.WritableStream } = {},
): Promise<ArenaTest> {
  const fake = await startFakeLlm();
  const file = writeModelsFile(fakeModelsFile(fake.url));
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

/** One battle per prompt, each voted for `favourite` when it answers (a tie otherwise); `modelOf` names the model of an answer. */
export async function battlesVotingFor(
  t: TestApp,
  voter: TestUser,
  favourite: string,
  prompts: string[],
  modelOf: (answer: string) => string | undefined,
) {
  for (const prompt of prompts) {
    const b = await battle(t, voter, prompt);
    const A = modelOf(b.answers.A);
    const B = modelOf(b.answers.B);
    const winner = A === favourite ? 'a' : B === favourite ? 'b' : 'tie';
    expect((await vote(t, voter, b.battleId, winner)).status).toBe(200);
  }
}

export { createVerifiedUser };

import { randomUUID } from 'node:crypto';
import type { ChatDetail } from '@sangam/contracts';
import { readEvents } from '@sangam/test-fakes/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArenaTest, battlesVotingFor, call, createVerifiedUser, startArenaTest } from './arena-helper';
import type { TestUser } from './users';

/**
 * Issue 16, "the panel follows the votes": once a category has a real ranking, Sangam mode's
 * proposers are that category's top ARENA_PANEL_SIZE models, and the answer says why.
 */
let a: ArenaTest;
let user: TestUser;
const REPLIES: Record<string, string> = { alpha: 'First answer.', beta: 'Second answer.', gamma: 'Third answer.' };
const modelOf = (text: string) => Object.entries(REPLIES).find(([, r]) => r === text)?.[0];

async function askInChat(prompt: string, chatId = randomUUID()) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ Prompt: prompt, Chat_Id: chatId, Request_Id: `req_${randomUUID()}`, Mode: 'sangam' }))
    form.append(k, v);
  const res = await fetch(`${a.t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
    method: 'POST',
    headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${user.accessToken}`, accept: 'text/event-stream' },
    body: form,
  });
  expect(res.status).toBe(200);
  const events = await readEvents(res);
  const detail = (await (
    await fetch(`${a.t.baseUrl}/api/v1/chats/${chatId}`, { headers: { authorization: `Bearer ${user.accessToken}` } })
  ).json()) as ChatDetail;
  return { events, detail };
}

const proposersAsked = (since: number) =>
  a.fake.requests
    .slice(since)
    .map((r) => r.model)
    .filter((m) => m in REPLIES)
    .sort();

beforeAll(async () => {
  a = await startArenaTest({
    ARENA_MIN_VOTES: '6',
    ARENA_BURST_VOTES: '1000',
    ARENA_DAILY_VOTES: '1000',
    ARENA_PANEL_SIZE: '1',
    LOG_LEVEL: 'silent',
  });
  for (const [model, reply] of Object.entries(REPLIES)) a.fake.behave(model, { reply });
  a.fake.behave('refiner', { reply: JSON.stringify({ category: 'Coding' }) });
  user = await createVerifiedUser(a.t);
});
afterAll(async () => a.close());

describe('Sangam mode follows the leaderboard', () => {
  it('without a real ranking: every proposer answers, no panel reason, no classification call', async () => {
    const since = a.fake.requests.length;
    const { events, detail } = await askInChat('Write a function that reverses a linked list');
    expect(proposersAsked(since)).toEqual(['alpha', 'beta', 'gamma']);
    expect(a.fake.requests.slice(since).some((r) => r.model === 'refiner')).toBe(false);
    expect(events.some((e) => e.event === 'panel')).toBe(false);
    const answer = detail.messages.find((m) => m.role === 'assistant');
    expect(answer?.panel ?? null).toBeNull();
  });

  it('with a real Coding ranking: only its top model answers, and the answer says "top 1 for Coding this week"', async () => {
    const voter = await createVerifiedUser(a.t);
    const prompts = Array.from({ length: 9 }, (_, i) => `Write a sorting function number ${i}`);
    await battlesVotingFor(a.t, voter, 'gamma', prompts, modelOf);
    await expect
      .poll(async () => {
        const res = await call(a.t, 'GET', '/api/v1/leaderboard');
        const coding = (res.body.categories as Array<{ category: string; sample: boolean }>).find((c) => c.category === 'Coding');
        return coding?.sample;
      })
      .toBe(false);

    const since = a.fake.requests.length;
    const { events, detail } = await askInChat('Write a function that merges two sorted arrays');
    expect(proposersAsked(since)).toEqual(['gamma']);
    const panel = events.find((e) => e.event === 'panel')?.data as { reason: string; models: string[] } | undefined;
    expect(panel).toEqual({ reason: 'top 1 for Coding this week', models: ['gamma'], category: 'Coding', asOf: null });
    const answer = detail.messages.find((m) => m.role === 'assistant');
    expect(answer?.panel).toEqual(panel);
    expect(answer?.content).toBe(REPLIES.gamma);
  });

  it('universe mode is not changed by the leaderboard', async () => {
    const since = a.fake.requests.length;
    const form = new FormData();
    const chatId = randomUUID();
    for (const [k, v] of Object.entries({
      Prompt: 'Write a binary search',
      Chat_Id: chatId,
      Request_Id: `req_${randomUUID()}`,
      Mode: 'universe',
    }))
      form.append(k, v);
    const res = await fetch(`${a.t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
      method: 'POST',
      headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${user.accessToken}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(proposersAsked(since)).toEqual(['alpha', 'beta', 'gamma']);
  });
});

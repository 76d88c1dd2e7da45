import { randomUUID } from 'node:crypto';
import type { ChatDetail } from '@sangam/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convClient } from './conv-helper';
import { type EngineTest, startEngineTest } from './engine-helper';
import { createVerifiedUser, type TestUser } from './users';

/**
 * Issue 13: a question asked with an image keeps it. Regenerating its answer sends the same image to
 * the vision models again; the thread can show it to its owner, and to nobody else.
 */
let e: EngineTest;
let c: ReturnType<typeof convClient>;
let other: TestUser;
let png: Buffer;

beforeAll(async () => {
  e = await startEngineTest();
  c = convClient(e);
  other = await createVerifiedUser(e.t);
  png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366ff' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
    .toBuffer();
});
afterAll(async () => e.close());

async function askWithImage(chatId: string, prompt: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ Prompt: prompt, Chat_Id: chatId, Request_Id: `req_${randomUUID()}` })) form.append(k, v);
  form.append('image_file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
  const res = await fetch(`${e.t.baseUrl}/ai/v1/agent/GenerateAnswer`, { method: 'POST', headers: c.headers(e.user), body: form });
  expect(res.status).toBe(200);
  return (await res.json()) as { ids: { userMessageId: string; assistantMessageId: string } };
}

const imageSentTo = (model: string, since: number, tag: string) =>
  e.fake.requests
    .slice(since)
    .filter((r) => r.model === model && JSON.stringify(r.messages).includes(tag))
    .map((r) => JSON.stringify(r.messages).match(/base64,([A-Za-z0-9+/=]+)/)?.[1]);

describe('a question asked with an image', () => {
  it('is stored with the question, shown to its owner only, and sent again on regenerate', async () => {
    const chatId = randomUUID();
    const tag = `picture-${randomUUID().slice(0, 8)}`;
    const first = await askWithImage(chatId, `What colour is this ${tag}?`);
    const firstImage = imageSentTo('alpha', 0, tag)[0];
    expect(firstImage).toBeTruthy();

    const detail = await c.chat(chatId);
    const question = detail.messages.find((m) => m.id === first.ids.userMessageId);
    expect(question?.hasImage).toBe(true);
    expect(detail.messages.find((m) => m.role === 'assistant')?.hasImage).toBeUndefined();

    const url = `/chats/${chatId}/messages/${first.ids.userMessageId}/image`;
    const own = await c.api('GET', url);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await own.arrayBuffer());
    expect(stored.toString('base64')).toBe(firstImage);
    expect(stored.toString('latin1')).not.toContain('secret-owner');
    expect((await sharp(stored).metadata()).width).toBe(24);

    // Another user, or no image: 404; a malformed id: 400.
    expect((await c.api('GET', url, { user: other })).status).toBe(404);
    expect((await c.api('GET', `/chats/${chatId}/messages/${first.ids.assistantMessageId}/image`)).status).toBe(404);
    expect((await c.api('GET', `/chats/${chatId}/messages/not-a-uuid/image`)).status).toBe(400);

    // Regenerate: the vision models see the same image again; the text-only model answers without it.
    const since = e.fake.requests.length;
    const res = await c.ask({ Prompt: 'ignored', Chat_Id: chatId, Regenerate_Id: first.ids.assistantMessageId });
    expect(res.status).toBe(200);
    expect(imageSentTo('alpha', since, tag)).toEqual([firstImage]);
    expect(imageSentTo('gamma', since, tag)).toEqual([firstImage]);
    expect(e.fake.requests.slice(since).some((r) => r.model === 'beta')).toBe(false);

    // The Markdown export says an image was attached; deleting the chat deletes the image.
    const md = await (await c.api('GET', `/chats/${chatId}/export?format=md`)).text();
    expect(md).toContain('_(asked with an image, not included in the export)_');
    expect((await c.api('DELETE', `/chats/${chatId}`)).status).toBe(200);
    expect((await c.api('GET', url)).status).toBe(404);
  });

  it('a question without an image has none', async () => {
    const chatId = randomUUID();
    expect((await c.ask({ Prompt: 'Plain question', Chat_Id: chatId })).status).toBe(200);
    const detail: ChatDetail = await c.chat(chatId);
    expect(detail.messages.every((m) => !m.hasImage)).toBe(true);
  });
});

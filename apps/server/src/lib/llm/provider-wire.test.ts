import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiSdkClient } from '@/lib/llm/ai-sdk-client';
import type { ChatMessage } from '@/lib/llm/model-client';
import { modelSpecSchema } from '@/lib/llm/models-config';

/**
 * The Anthropic and Google wiring against fakes of their wire formats on 127.0.0.1: the request the
 * provider sends (path, key header, system prompt, image) and a streamed answer with usage.
 */
type Seen = { url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
const seen: Seen[] = [];
let server: http.Server;
let base = '';

const sse = (res: http.ServerResponse, events: Array<[string | undefined, unknown]>) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  res.end();
};

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
    if (req.url === '/anthropic/v1/messages') {
      const usage = { input_tokens: 11, output_tokens: 5 };
      return sse(res, [
        [
          'message_start',
          {
            type: 'message_start',
            message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, usage },
          },
        ],
        ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
        ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Namaste ' } }],
        ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'from Claude' } }],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } }],
        ['message_stop', { type: 'message_stop' }],
      ]);
    }
    if (req.url?.startsWith('/google/v1beta/models/gemini-test:streamGenerateContent')) {
      return sse(res, [
        [undefined, { candidates: [{ content: { role: 'model', parts: [{ text: 'Namaste ' }] }, index: 0 }] }],
        [
          undefined,
          {
            candidates: [{ content: { role: 'model', parts: [{ text: 'from Gemini' }] }, finishReason: 'STOP', index: 0 }],
            usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 },
          },
        ],
      ]);
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const messages: ChatMessage[] = [
  { role: 'user', content: 'Earlier question' },
  { role: 'assistant', content: 'Earlier answer' },
  {
    role: 'user',
    content: [
      { type: 'image', image: png, mediaType: 'image/png' },
      { type: 'text', text: 'What dish is this?' },
    ],
  },
];

async function answer(provider: 'anthropic' | 'google', model: string, env: Record<string, string>) {
  const spec = modelSpecSchema.parse({
    id: provider,
    name: provider,
    provider,
    model,
    baseURL: `${base}/${provider}/${provider === 'google' ? 'v1beta' : 'v1'}`,
    vision: true,
  });
  const client = createAiSdkClient(spec, env);
  const result = client.stream({ system: 'You are Sangam.', messages, signal: new AbortController().signal });
  let text = '';
  for await (const delta of result.textStream) text += delta;
  return { text, usage: await result.usage };
}

describe('provider wire formats', () => {
  it('Anthropic: Messages API with the key header, the system prompt apart, the image as base64, streamed text and usage', async () => {
    const { text, usage } = await answer('anthropic', 'claude-test', { ANTHROPIC_API_KEY: 'sk-ant-test' });
    expect(text).toBe('Namaste from Claude');
    expect(usage).toEqual({ inputTokens: 11, outputTokens: 5 });
    const req = seen.find((s) => s.url === '/anthropic/v1/messages');
    expect(req?.headers['x-api-key']).toBe('sk-ant-test');
    expect(req?.body).toMatchObject({ model: 'claude-test', stream: true, system: [{ type: 'text', text: 'You are Sangam.' }] });
    const turns = req?.body.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user']);
    expect(turns[2]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: Buffer.from(png).toString('base64') } },
      { type: 'text', text: 'What dish is this?' },
    ]);
  });

  it('Google: streamGenerateContent over SSE with the key header, systemInstruction, inline image data, streamed text and usage', async () => {
    const { text, usage } = await answer('google', 'gemini-test', { GOOGLE_GENERATIVE_AI_API_KEY: 'g-test' });
    expect(text).toBe('Namaste from Gemini');
    expect(usage).toEqual({ inputTokens: 9, outputTokens: 4 });
    const req = seen.find((s) => s.url.startsWith('/google/'));
    expect(req?.url).toBe('/google/v1beta/models/gemini-test:streamGenerateContent?alt=sse');
    expect(req?.headers['x-goog-api-key']).toBe('g-test');
    expect(req?.body).toMatchObject({ systemInstruction: { parts: [{ text: 'You are Sangam.' }] } });
    const contents = req?.body.contents as Array<{ role: string; parts: Array<Record<string, unknown>> }>;
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(contents[2]?.parts).toEqual([
      { inlineData: { mimeType: 'image/png', data: Buffer.from(png).toString('base64') } },
      { text: 'What dish is this?' },
    ]);
  });
});

import http from 'node:http';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError } from '@ai-sdk/provider';
import { generateObject, zodSchema } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChatInput } from '@/lib/llm/model-client';
import { DEPTH_HEADER } from '@/lib/llm/node-fetch';
import { generateWire, type OpenAiWire, objectWire, streamWire } from '@/lib/llm/openai-wire';
import { ModelError } from '@/lib/llm/provider-error';

/** An OpenAI-compatible server on 127.0.0.1 whose next answers the tests script. */
type Seen = { headers: http.IncomingHttpHeaders; body: Record<string, unknown>; port: number };
type Script = (res: http.ServerResponse, req: http.IncomingMessage) => unknown;
let seen: Seen[] = [];
let scripts: Script[] = [];
let closed = 0;
let server: http.Server;
let wire: OpenAiWire;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    seen.push({ headers: req.headers, body: JSON.parse(raw || '{}'), port: req.socket.remotePort ?? 0 });
    res.on('close', () => {
      if (!res.writableFinished) closed += 1;
    });
    const script = scripts.shift();
    if (script) await script(res, req);
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  wire = {
    baseURL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/`,
    model: 'up-model',
    apiKey: 'sk-up',
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  scripts = [];
  closed = 0;
});

const input = (over: Partial<ChatInput> = {}): ChatInput => ({
  system: 'You are Sangam.',
  messages: [{ role: 'user', content: 'नमस्ते' }],
  signal: new AbortController().signal,
  ...over,
});
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const sseHead = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

async function read(result: ReturnType<typeof streamWire>) {
  let text = '';
  const deltas: string[] = [];
  for await (const d of result.textStream) {
    deltas.push(d);
    text += d;
  }
  return { text, deltas, usage: await result.usage };
}

describe('OpenAI-compatible wire', () => {
  it('sends the Chat Completions request: key, depth header, system first, history, an image as a data URL, limits, usage asked for', async () => {
    scripts.push((res) => {
      sseHead(res);
      res.end(`${chunk('ok')}data: [DONE]\n\n`);
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await read(
      streamWire(
        wire,
        input({
          messages: [
            { role: 'user', content: 'पहला सवाल' },
            { role: 'assistant', content: 'पहला जवाब' },
            {
              role: 'user',
              content: [
                { type: 'image', image: png, mediaType: 'image/png' },
                { type: 'text', text: 'இது என்ன உணவு? 🍛' },
              ],
            },
          ],
          temperature: 0.3,
          maxOutputTokens: 99,
        }),
      ),
    );
    const [req] = seen;
    expect(req?.headers.authorization).toBe('Bearer sk-up');
    expect(req?.headers[DEPTH_HEADER]).toBe('1');
    expect(req?.body).toEqual({
      model: 'up-model',
      messages: [
        { role: 'system', content: 'You are Sangam.' },
        { role: 'user', content: 'पहला सवाल' },
        { role: 'assistant', content: 'पहला जवाब' },
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } },
            { type: 'text', text: 'இது என்ன உணவு? 🍛' },
          ],
        },
      ],
      max_tokens: 99,
      temperature: 0.3,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('streams Hindi, Tamil and emoji split inside their bytes, over CRLF lines and comments, with the last chunk’s usage, and keeps the connection', async () => {
    const events = Buffer.from(
      `: keep-alive\r\n\r\n${chunk('नमस्ते ').replaceAll('\n', '\r\n')}${chunk('வணக்கம் 🙏')}data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 3 } })}\n\ndata: [DONE]\n\n`,
    );
    for (let i = 0; i < 2; i += 1)
      scripts.push(async (res) => {
        sseHead(res);
        // One byte at a time: every multi-byte character and every line is split across reads.
        for (const byte of events) {
          res.write(Buffer.from([byte]));
          await new Promise((r) => setImmediate(r));
        }
        res.end();
      });
    const first = await read(streamWire(wire, input()));
    expect(first.text).toBe('नमस्ते வணக்கம் 🙏');
    expect(first.usage).toEqual({ inputTokens: 7, outputTokens: 3 });
    const second = await read(streamWire(wire, input()));
    expect(second.text).toBe(first.text);
    // The body was read to its end after [DONE]: the second call reused the first one's socket.
    expect(seen[1]?.port).toBe(seen[0]?.port);
  });

  it('answers whole: the message’s text and usage, no stream asked for', async () => {
    scripts.push((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: 'ஆம் ✅' } }],
          usage: { prompt_tokens: 4, completion_tokens: 2 },
        }),
      );
    });
    expect(await generateWire(wire, input({ maxOutputTokens: 5 }))).toEqual({ text: 'ஆம் ✅', usage: { inputTokens: 4, outputTokens: 2 } });
    expect(seen[0]?.body.stream).toBeUndefined();
    expect(seen[0]?.body.max_tokens).toBe(5);
  });

  it('retries a 429 that asks to wait (Retry-After), then answers', async () => {
    scripts.push((res) =>
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '5' }).end('{"error":{"message":"slow down"}}'),
    );
    scripts.push((res) => {
      sseHead(res);
      res.end(`${chunk('फिर से')}data: [DONE]\n\n`);
    });
    expect((await read(streamWire(wire, input()))).text).toBe('फिर से');
    expect(seen).toHaveLength(2);
  });

  it('a 400 is not retried: an APICallError with the status and the provider’s message', async () => {
    scripts.push((res) => res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"bad model"}}'));
    const err = await generateWire(wire, input()).catch((e: unknown) => e);
    expect(APICallError.isInstance(err)).toBe(true);
    expect(err).toMatchObject({ statusCode: 400, message: 'bad model', isRetryable: false });
    expect(seen).toHaveLength(1);
  });

  it('an error object or a broken chunk in the stream ends it with an error, after the text before it', async () => {
    for (const bad of ['data: {"error":{"message":"overloaded"}}\n\n', 'data: {"choices":[{"delta":\n\n']) {
      scripts.push((res) => {
        sseHead(res);
        res.end(`${chunk('आधा ')}${bad}${chunk('never')}`);
      });
      const deltas: string[] = [];
      const err = await (async () => {
        for await (const d of streamWire(wire, input()).textStream) deltas.push(d);
      })().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelError);
      expect(deltas).toEqual(['आधा ']);
    }
  });

  it('a network failure is a retryable APICallError carrying its code', async () => {
    const err = await generateWire({ ...wire, baseURL: 'http://127.0.0.1:1/v1' }, input({ deadline: Date.now() })).catch((e: unknown) => e);
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).isRetryable).toBe(true);
    expect(((err as APICallError).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('aborting mid-stream stops the reading and closes the upstream request', async () => {
    const controller = new AbortController();
    scripts.push(async (res) => {
      sseHead(res);
      res.write(chunk('पहला '));
      await new Promise((r) => setTimeout(r, 2000));
      res.end();
    });
    const result = streamWire(wire, input({ signal: controller.signal }));
    const deltas: string[] = [];
    const err = await (async () => {
      for await (const d of result.textStream) {
        deltas.push(d);
        controller.abort(new Error('client gone'));
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(deltas).toEqual(['पहला ']);
    await expect.poll(() => closed).toBe(1);
  });
  describe('a JSON object (the judge’s call)', () => {
    const schema = z.object({ consensus: z.array(z.string()), verdict: z.enum(['हाँ', 'नहीं']) });
    const answerWith = (content: string) => (res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 9, completion_tokens: 7 } }),
      );
    };
    const ask = (signal = new AbortController().signal) =>
      objectWire(wire, { system: 'Judge. Reply only with JSON.', prompt: 'प्रश्न: 🙂 ஆம்?', schema, signal });

    it('sends what the AI SDK’s generateObject sends to an OpenAI-compatible server, and answers the checked object and usage', async () => {
      const object = { consensus: ['दोनों सहमत 🙏', 'இரண்டும்'], verdict: 'हाँ' };
      scripts.push(answerWith(JSON.stringify(object)), answerWith(JSON.stringify(object)));
      expect(await ask()).toEqual({ object, usage: { inputTokens: 9, outputTokens: 7 } });
      // The SDK warns that this provider takes no schema (it sends json_object): expected here.
      (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
      const sdk = createOpenAICompatible({ name: 'up', baseURL: wire.baseURL, apiKey: wire.apiKey, includeUsage: true }).chatModel(
        wire.model,
      );
      const res = await generateObject({
        model: sdk,
        system: 'Judge. Reply only with JSON.',
        prompt: 'प्रश्न: 🙂 ஆம்?',
        schema: zodSchema(schema),
      });
      expect(res.object).toEqual(object);
      const [ours, theirs] = seen;
      expect(ours?.body).toEqual(theirs?.body);
      expect(ours?.body.response_format).toEqual({ type: 'json_object' });
      expect(ours?.headers.authorization).toBe('Bearer sk-up');
      expect(ours?.headers[DEPTH_HEADER]).toBe('1');
    });

    it('refuses an answer that is not JSON, or not of the schema’s shape, as a ModelError naming no content', async () => {
      scripts.push(answerWith('यह JSON नहीं है'), answerWith(JSON.stringify({ consensus: 'one', verdict: 'maybe' })));
      const notJson = await ask().catch((e: unknown) => e);
      expect(notJson).toBeInstanceOf(ModelError);
      expect((notJson as Error).message).not.toContain('JSON नहीं');
      const wrongShape = await ask().catch((e: unknown) => e);
      expect(wrongShape).toBeInstanceOf(ModelError);
      expect((wrongShape as Error).message).toBe('the model’s object does not match the schema');
    });

    it('retries a 503, and stops at once when aborted', async () => {
      scripts.push(
        (res) => res.writeHead(503, { 'retry-after': '0' }).end('{}'),
        answerWith(JSON.stringify({ consensus: [], verdict: 'नहीं' })),
      );
      expect((await ask()).object).toEqual({ consensus: [], verdict: 'नहीं' });
      expect(seen).toHaveLength(2);
      const controller = new AbortController();
      scripts.push(async (res) => {
        await new Promise((r) => setTimeout(r, 2000));
        answerWith('{}')(res);
      });
      const pending = ask(controller.signal).catch((e: unknown) => e);
      await expect.poll(() => seen.length).toBe(3);
      controller.abort(new Error('client gone'));
      expect(await pending).toBeInstanceOf(Error);
      await expect.poll(() => closed).toBe(1);
    });
  });
});

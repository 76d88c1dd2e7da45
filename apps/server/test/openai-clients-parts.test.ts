import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import OpenAI from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineTest, squarePng } from './engine-helper';
import { createKey, startV1Test } from './openai-helper';

type Analysis = {
  agreement: number;
  consensus: Array<{ text: string; models: string[] }>;
  contradictions: Array<{ topic: string; sides: Array<{ claim: string; models: string[] }> }>;
  unique: unknown[];
  open_questions: string[];
};
type Meta = { panel: Array<{ model: string; status: string }>; analysis?: Analysis };

let e: EngineTest;
let secret: string;
let client: OpenAI;
let photo: Buffer;
beforeAll(async () => {
  e = await startV1Test();
  secret = (await createKey(e)).secret;
  client = new OpenAI({ baseURL: `${e.t.baseUrl}/v1`, apiKey: secret, maxRetries: 0 });
  photo = await squarePng(48, '#d03020');
}, 180_000);
afterAll(async () => e?.close());

const provider = () => createOpenAICompatible({ name: 'sangam', baseURL: `${e.t.baseUrl}/v1`, apiKey: secret, includeUsage: true });
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The image the fake upstream received for `model` with a prompt containing `text`: decoded, or undefined. */
async function imageSentTo(model: string, text: string) {
  const sent = e.fake.requests.filter((r) => r.model === model && JSON.stringify(r.messages).includes(text)).at(-1);
  const parts = sent?.messages.at(-1)?.content;
  const part = Array.isArray(parts)
    ? (parts as Array<{ type: string; image_url?: { url: string } }>).find((p) => p.type === 'image_url')
    : undefined;
  const match = /^data:(image\/[\w+.-]+);base64,(.+)$/.exec(part?.image_url?.url ?? '');
  if (!match?.[2]) return undefined;
  const data = Buffer.from(match[2], 'base64');
  const { width, height } = await sharp(data).metadata();
  const { dominant } = await sharp(data).stats();
  return { mediaType: match[1], width, height, dominant };
}

describe('an image part reaches the vision model', () => {
  it('through the official openai client, to a pass-through vision model', async () => {
    const res = await client.chat.completions.create({
      model: 'alpha',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour is this square? यह किस रंग का है?' },
            { type: 'image_url', image_url: { url: dataUrl(photo) } },
          ],
        },
      ],
    });
    expect(res.choices[0]?.message.content).toContain('Answer from alpha');
    const seen = await imageSentTo('alpha', 'What colour is this square?');
    // Re-encoded on the way (metadata dropped), the same picture: size and dominant colour.
    const { dominant } = await sharp(photo).stats();
    expect(seen).toEqual({ mediaType: 'image/png', width: 48, height: 48, dominant });
  });

  it('through the openai client streaming sangam/fusion: only the vision model of the panel is asked, with the image', async () => {
    const stream = await client.chat.completions.create({
      model: 'sangam/fusion',
      stream: true,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe this photo for the panel' },
            { type: 'image_url', image_url: { url: dataUrl(photo), detail: 'low' } },
          ],
        },
      ],
    });
    let text = '';
    let meta: Meta | undefined;
    for await (const c of stream) {
      text += c.choices[0]?.delta.content ?? '';
      meta = (c as unknown as { sangam?: Meta }).sangam ?? meta;
    }
    // One vision model on the panel: its answer is the answer (nothing to fuse).
    expect(text).toBe('Answer from alpha: Describe this photo for the panel');
    expect(meta?.panel.map((p) => [p.model, p.status])).toEqual([['alpha', 'ok']]);
    expect(await imageSentTo('alpha', 'Describe this photo for the panel')).toMatchObject({ width: 48, height: 48 });
    expect(await imageSentTo('beta', 'Describe this photo for the panel')).toBeUndefined();
  });

  it('through the Vercel AI SDK’s OpenAI-compatible provider (an image part of a user message)', async () => {
    const res = await generateText({
      model: provider()('alpha'),
      maxRetries: 0,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'AI SDK picture question' },
            { type: 'image', image: new Uint8Array(photo), mediaType: 'image/png' },
          ],
        },
      ],
    });
    expect(res.text).toContain('Answer from alpha');
    expect(await imageSentTo('alpha', 'AI SDK picture question')).toMatchObject({ mediaType: 'image/png', width: 48 });
  });
});

/** The judge's analysis for a question: a consensus and one contradiction between two sides. */
function judgeSays(question: string) {
  e.fake.behave('judge', {
    match: question,
    reply: JSON.stringify({
      consensus: [{ text: 'The Kaveri flows east to the Bay of Bengal.', models: ['alpha', 'beta', 'gamma'] }],
      contradictions: [
        {
          topic: 'Where the Kaveri rises',
          sides: [
            { claim: 'At Talakaveri in Kodagu', models: ['alpha', 'gamma'] },
            { claim: 'In the Nilgiris', models: ['beta'] },
          ],
        },
      ],
      unique: [],
      openQuestions: ['How long the river is'],
    }),
  });
}

const expectAnalysis = (analysis: Analysis | undefined) => {
  expect(analysis?.consensus).toEqual([{ text: 'The Kaveri flows east to the Bay of Bengal.', models: ['alpha', 'beta', 'gamma'] }]);
  expect(analysis?.contradictions).toEqual([
    {
      topic: 'Where the Kaveri rises',
      sides: [
        { claim: 'At Talakaveri in Kodagu', models: ['alpha', 'gamma'] },
        { claim: 'In the Nilgiris', models: ['beta'] },
      ],
    },
  ]);
  expect(analysis?.open_questions).toEqual(['How long the river is']);
  expect(typeof analysis?.agreement).toBe('number');
};

describe('sangam: { include: ["analysis"] } returns the judge’s analysis in the sangam object', () => {
  const withAnalysis = { sangam: { include: ['analysis'] } };

  it('through the openai client, not streamed; absent when not asked for', async () => {
    judgeSays('Where does the Kaveri rise?');
    const res = await client.chat.completions.create({
      model: 'sangam/fusion',
      messages: [{ role: 'user', content: 'Where does the Kaveri rise?' }],
      ...withAnalysis,
    } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    expectAnalysis((res as unknown as { sangam: Meta }).sangam.analysis);
    const plain = await client.chat.completions.create({
      model: 'sangam/fusion',
      messages: [{ role: 'user', content: 'Where does the Kaveri rise?' }],
    });
    expect((plain as unknown as { sangam: Meta }).sangam).not.toHaveProperty('analysis');
  });

  it('through the openai client, streamed: on the last chunk before [DONE]', async () => {
    judgeSays('Kaveri, streamed: where does it rise?');
    const stream = await client.chat.completions.create({
      model: 'sangam/fusion',
      messages: [{ role: 'user', content: 'Kaveri, streamed: where does it rise?' }],
      stream: true,
      ...withAnalysis,
    } as OpenAI.ChatCompletionCreateParamsStreaming);
    const chunks = [];
    for await (const c of stream) chunks.push(c as unknown as { sangam?: Meta });
    expect(chunks.slice(0, -1).every((c) => c.sangam === undefined)).toBe(true);
    expectAnalysis(chunks.at(-1)?.sangam?.analysis);
  });

  it('through the Vercel AI SDK (provider options as extra body), in the response body and in the raw stream', async () => {
    judgeSays('Kaveri via the AI SDK');
    const options = { providerOptions: { sangam: withAnalysis } };
    const res = await generateText({ model: provider()('sangam/fusion'), prompt: 'Kaveri via the AI SDK', maxRetries: 0, ...options });
    expectAnalysis((res.response.body as { sangam: Meta }).sangam.analysis);
    const streamed = streamText({
      model: provider()('sangam/fusion'),
      prompt: 'Kaveri via the AI SDK',
      maxRetries: 0,
      includeRawChunks: true,
      ...options,
    });
    let last: { sangam?: Meta } | undefined;
    for await (const part of streamed.fullStream) if (part.type === 'raw') last = (part.rawValue as { sangam?: Meta }) ?? last;
    expect(await streamed.text).toBe('Fused answer from 3 answers.');
    expectAnalysis(last?.sangam?.analysis);
  });
});

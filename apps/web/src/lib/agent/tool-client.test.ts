import type { AgentStreamEvent } from '@sangam/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamTool } from '@/lib/agent/tool-client';
import { applyToolEvent, finishRun, idleRun, type ToolRun } from '@/lib/agent/tool-run';
import { readError } from '@/lib/api-client';
import { AppError, toAppError } from '@/lib/app-error';

const request = { prompt: 'CAL:,', requestIdPrefix: 'calorie_analysis_' };
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A streamed body that arrives in the given chunks (cut anywhere, even inside an event). */
function sseResponse(chunks: string[], init: ResponseInit = {}) {
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(bytes.encode(chunk));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' }, ...init });
}
const sse = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

async function collect(res: Response) {
  fetchMock.mockResolvedValue(res);
  const events: AgentStreamEvent[] = [];
  let run: ToolRun = idleRun('loading');
  const result = await streamTool(request, (e) => {
    events.push(e);
    run = applyToolEvent(run, e);
  });
  return { events, result, run: finishRun(run, result) };
}

describe('streamTool: the SSE stream', () => {
  it('sends the multipart fields with Accept: text/event-stream and the photo as image_file', async () => {
    fetchMock.mockResolvedValue(
      sseResponse([sse('final', { data: { best_output: 'ok', supporting_output: {} }, message: 'Answered by one model' })]),
    );
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await streamTool({ ...request, image }, () => {});
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/ai/v1/agent/GenerateAnswer');
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
    const form = init.body as FormData;
    expect(form.get('Prompt')).toBe('CAL:,');
    expect(String(form.get('Request_Id'))).toMatch(/^calorie_analysis_\d+_[a-z0-9]+$/);
    expect((form.get('image_file') as File).size).toBe(4);
    expect((form.get('image_file') as File).name).toBe('food_image.jpg');
  });

  it('reads events split across chunks, shows the first model while it writes, then the fused text, then the final checked text', async () => {
    const all = [
      sse('model-start', { model: 'alpha', name: 'Alpha' }, 0),
      sse('model-delta', { model: 'alpha', name: 'Alpha', delta: '## Du' }, 1),
      sse('model-delta', { model: 'beta', name: 'Beta', delta: 'Other' }, 2),
      sse('model-delta', { model: 'alpha', name: 'Alpha', delta: 'ty' }, 3),
      sse('fusion-start', { model: 'fusion', name: 'Fusion' }),
      sse('fusion-delta', { delta: 'Fused ' }),
      sse('fusion-delta', { delta: 'text' }),
      sse('final', {
        data: { best_output: 'Fused text (checked)', supporting_output: {}, facts: { citations: [] } },
        message: 'Fused answer',
      }),
    ].join('');
    const chunks = [all.slice(0, 17), all.slice(17, 60), all.slice(60, 61), all.slice(61)];
    const seen: string[] = [];
    fetchMock.mockResolvedValue(sseResponse(chunks));
    let run = idleRun('loading');
    const result = await streamTool(request, (e) => {
      run = applyToolEvent(run, e);
      seen.push(run.text);
    });
    expect(seen).toEqual(['', '## Du', '## Du', '## Duty', '## Duty', 'Fused ', 'Fused text', 'Fused text']);
    expect(result).toEqual({ text: 'Fused text (checked)', facts: { citations: [] }, isBlank: false });
  });

  it('keeps a failed model with its reason and shows another model instead', async () => {
    const { run } = await collect(
      sseResponse([
        sse('model-delta', { model: 'alpha', name: 'Alpha', delta: 'A' }),
        sse('model-delta', { model: 'beta', name: 'Beta', delta: 'Longer B' }),
        sse('model-error', { model: 'alpha', name: 'Alpha', code: 'MODEL_TIMEOUT', detail: 'This model did not answer in time.' }),
        sse('final', { data: { best_output: 'Longer B', supporting_output: {} }, message: 'Answered by one model' }),
      ]),
    );
    expect(run.models).toContainEqual({ id: 'alpha', name: 'Alpha', status: 'failed', detail: 'This model did not answer in time.' });
    expect(run.text).toBe('Longer B');
    expect(run.status).toBe('done');
  });

  it('an error event rejects with its code and detail', async () => {
    fetchMock.mockResolvedValue(
      sseResponse([
        sse('model-start', { model: 'a', name: 'A' }),
        sse('error', { code: 'ALL_MODELS_FAILED', detail: 'Every AI model failed to answer. Please try again.' }),
      ]),
    );
    const err = await streamTool(request, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'ALL_MODELS_FAILED', detail: 'Every AI model failed to answer. Please try again.', status: 502 });
  });

  it('a stream that ends before its final event is STREAM_CUT; bad JSON in an event is INVALID_RESPONSE', async () => {
    fetchMock.mockResolvedValue(sseResponse([sse('fusion-delta', { delta: 'half' })]));
    await expect(streamTool(request, () => {})).rejects.toMatchObject({ code: 'STREAM_CUT' });
    fetchMock.mockResolvedValue(sseResponse(['event: final\ndata: {not json\n\n']));
    await expect(streamTool(request, () => {})).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      detail: 'Invalid JSON response from server',
    });
  });

  it('accepts a JSON answer instead of a stream, and reads data.output when best_output is missing', async () => {
    fetchMock.mockResolvedValue(Response.json({ data: { output: 'From output' } }));
    await expect(streamTool(request, () => {})).resolves.toMatchObject({ text: 'From output' });
    fetchMock.mockResolvedValue(Response.json({ data: { best_output: '  ' } }));
    await expect(streamTool(request, () => {})).resolves.toMatchObject({ text: undefined, isBlank: true });
    fetchMock.mockResolvedValue(Response.json({ data: {} }));
    await expect(streamTool(request, () => {})).resolves.toMatchObject({ text: undefined, isBlank: false });
    fetchMock.mockResolvedValue(new Response('<h1>502 Bad Gateway</h1>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(streamTool(request, () => {})).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

describe('streamTool: errors map to the one AppError', () => {
  it('402 QUOTA_EXCEEDED keeps the server reason', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ code: 'QUOTA_EXCEEDED', detail: 'You have used this month’s allowance.' }, { status: 402 }),
    );
    await expect(streamTool(request, () => {})).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      status: 402,
      detail: 'You have used this month’s allowance.',
    });
  });

  it('429 TOO_MANY_ANSWERS carries Retry-After in milliseconds', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { code: 'TOO_MANY_ANSWERS', detail: 'Several answers are already in progress.' },
        { status: 429, headers: { 'retry-after': '5' } },
      ),
    );
    await expect(streamTool(request, () => {})).rejects.toMatchObject({ code: 'TOO_MANY_ANSWERS', retryAfterMs: 5000 });
  });

  it('a body without a known code falls back to the registry entry of its status', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 503 }));
    await expect(streamTool(request, () => {})).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      detail: 'The service is temporarily unavailable.',
    });
    fetchMock.mockResolvedValue(Response.json({ code: 'NOT_A_CODE', detail: 'Boom' }, { status: 500 }));
    await expect(streamTool(request, () => {})).rejects.toMatchObject({ code: 'INTERNAL', detail: 'Boom' });
  });

  it('a network failure is NETWORK and an abort is ABORTED', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(streamTool(request, () => {})).rejects.toMatchObject({ code: 'NETWORK' });
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(streamTool(request, () => {})).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('a refused request reads as the AppError of its body', async () => {
    const body = JSON.stringify({ code: 'PLACE_NOT_FOUND', detail: 'We could not find "Atlantis".' });
    expect(toAppError(await readError(new Response(body, { status: 400 })))).toMatchObject({
      code: 'PLACE_NOT_FOUND',
      detail: 'We could not find "Atlantis".',
      status: 400,
    });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_JSON, streamAgent } from '@/lib/agent-client';

const fields = { prompt: 'Hi', chatId: 'c1', requestId: 'req_1' };
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('streamAgent', () => {
  it("rejects a 200 answer that is neither JSON nor an event stream with 'Invalid JSON response from server'", async () => {
    fetchMock.mockResolvedValue(
      new Response('<!doctype html><h1>502 Bad Gateway</h1>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(streamAgent('GenerateAnswer', fields, () => {})).rejects.toThrow(INVALID_JSON);
    expect(INVALID_JSON).toBe('Invalid JSON response from server');
  });

  it('accepts a JSON answer in place of a stream', async () => {
    const body = { data: { best_output: 'Fused', supporting_output: {} }, message: 'Fused answer' };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(streamAgent('GenerateAnswer', fields, () => {})).resolves.toEqual(body);
  });

  it('reads the final event of an event stream', async () => {
    const final = { data: { best_output: 'Fused', supporting_output: {} }, message: 'Fused answer' };
    const sse = `event: fusion-delta\ndata: {"delta":"Fu"}\n\nevent: final\ndata: ${JSON.stringify(final)}\n\n`;
    fetchMock.mockResolvedValue(new Response(sse, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    const seen: string[] = [];
    await expect(streamAgent('GenerateAnswer', fields, (e) => seen.push(e.event))).resolves.toEqual(final);
    expect(seen).toEqual(['fusion-delta', 'final']);
  });

  it("rejects an event or an answer that breaks its contract with 'Invalid JSON response from server', and skips unknown events", async () => {
    const stream = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    fetchMock.mockResolvedValue(stream('event: model-delta\ndata: {"model":"a","name":"A","delta":42}\n\n'));
    await expect(streamAgent('GenerateAnswer', fields, () => {})).rejects.toThrow(INVALID_JSON);
    fetchMock.mockResolvedValue(stream('event: final\ndata: {"data":{"best_output":"Fused"}}\n\n'));
    await expect(streamAgent('GenerateAnswer', fields, () => {})).rejects.toThrow(INVALID_JSON);
    fetchMock.mockResolvedValue(Response.json({ data: { refined: 'one' }, message: 'Prompt refined' }));
    await expect(streamAgent('PromptRefiner', fields, () => {})).rejects.toThrow(INVALID_JSON);
    const refined = { data: { refined: ['a', 'b', 'c'], ranking: [1, 2, 3] }, message: 'Prompt refined' };
    const seen: string[] = [];
    fetchMock.mockResolvedValue(stream(`event: later-feature\ndata: {}\n\nevent: final\ndata: ${JSON.stringify(refined)}\n\n`));
    await expect(streamAgent('PromptRefiner', fields, (e) => seen.push(e.event))).resolves.toEqual(refined);
    expect(seen).toEqual(['final']);
  });
});

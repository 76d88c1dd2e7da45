import http from 'node:http';

/** How one fake model behaves (scripted per model name by tests). */
export type FakeBehaviour = {
  /** The answer text; a function sees the request's messages. */
  reply?: string | ((req: FakeRequest) => string);
  /** Milliseconds between streamed chunks. */
  chunkDelayMs?: number;
  /** Characters per streamed chunk. */
  chunkSize?: number;
  /** Delay before the first byte. */
  delayMs?: number;
  fail?: 'http500' | 'http400' | 'http401' | 'http429' | 'cut' | 'malformed' | 'hang';
  /** The message in the error body of a failure (default: a fixed one per failure). */
  errorMessage?: string;
  /** The token usage reported (default: 12 prompt tokens and the answer at 4 characters a token). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Fail only the first N matching requests, then answer normally. */
  failTimes?: number;
  /** Retry-After seconds sent with http429. */
  retryAfter?: number;
  /** Applies only when the request's text contains this (lets parallel tests script their own prompts). */
  match?: string;
};

export type FakeRequest = {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: unknown }>;
  responseFormat?: unknown;
  /** The sampling temperature sent, when any. */
  temperature?: number;
  /** The token limit sent (`max_tokens` or `max_completion_tokens`), when any. */
  maxTokens?: number;
  closedEarly?: boolean;
  /** The TCP connection the request came on has closed (a caller aborting a call destroys it). */
  socketClosed?: boolean;
  /** The headers sent (lower-case names). */
  headers?: Record<string, string | string[] | undefined>;
  at: number;
};

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (typeof p === 'object' && p && 'text' in p ? String(p.text) : '')).join('')
      : '';

/** The answer ids a judge prompt labels its answers with ("### Answer [alpha]"). */
export const judgedIds = (text: string) => [...text.matchAll(/### Answer \[([^\]\n]+)\]/g)].map((m) => m[1] as string);

/** Whether a request is the fusion judge's (structured analysis of the answers). */
export const isJudgeRequest = (req: FakeRequest) =>
  /Compare the candidate answers/.test(textOf(req.messages.filter((m) => m.role === 'user').at(-1)?.content));

function defaultReply(req: FakeRequest): string {
  const user = textOf(req.messages.filter((m) => m.role === 'user').at(-1)?.content);
  if (isJudgeRequest(req)) {
    // A judgement the panel can show: every answer it read behind one consensus point.
    const ids = judgedIds(user);
    return JSON.stringify({
      consensus: [{ text: `All ${ids.length} answers address the question.`, models: ids }],
      contradictions: [],
      unique: ids.slice(0, 1).map((id) => ({ text: `Answer ${id} was first in the list.`, models: [id] })),
      openQuestions: [],
    });
  }
  if (req.responseFormat || /improved versions/.test(user)) {
    return JSON.stringify({
      prompts: [
        `Explain clearly: ${user.slice(0, 40)}`,
        'A second better prompt',
        ' ',
        'A second better prompt',
        'A third prompt',
        'A fourth prompt',
        'A fifth prompt',
      ],
    });
  }
  if (/Candidate answers:/.test(user)) {
    // Chart fact ids cited by the answers survive the fusion (as a real aggregator keeps them).
    const cited = [...new Set(user.match(/\[F\d+\]/g) ?? [])];
    return `Fused answer from ${(user.match(/### Answer/g) ?? []).length} answers.${cited.length ? ` Cited: ${cited.join(' ')}` : ''}`;
  }
  const system = textOf(req.messages.find((m) => m.role === 'system')?.content);
  // An astrology reading cites the chart's numbered facts, as the tool's prompt asks.
  if (/CHART FACTS/.test(system)) return `Answer from ${req.model}: your ascendant [F1] and your Moon [F3] shape this reading.`;
  return `Answer from ${req.model}: ${user.slice(0, 60)}`;
}

/**
 * A fake OpenAI-compatible server on 127.0.0.1 (POST /v1/chat/completions, streaming or not),
 * scriptable per model, recording every request. Control: POST /__control {model, behaviour},
 * POST /__reset, GET /__requests.
 */
export async function startFakeLlm({ port: listenPort = 0 }: { port?: number } = {}) {
  const behaviours = new Map<string, FakeBehaviour[]>();
  const add = (model: string, behaviour: FakeBehaviour) => behaviours.set(model, [behaviour, ...(behaviours.get(model) ?? [])]);
  const requests: FakeRequest[] = [];
  const counts = new WeakMap<FakeBehaviour, number>();
  /** The requests that came on each connection (one close listener per connection). */
  const sockets = new WeakMap<object, FakeRequest[]>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/__control' && req.method === 'POST') {
      const { model, behaviour } = JSON.parse(raw) as { model: string; behaviour: FakeBehaviour };
      add(model, behaviour);
      return send(200, { ok: true });
    }
    if (req.url === '/__reset' && req.method === 'POST') {
      behaviours.clear();
      requests.length = 0;
      return send(200, { ok: true });
    }
    if (req.url === '/__requests') return send(200, { requests });
    if (!req.url?.endsWith('/chat/completions')) return send(404, { error: { message: 'not found' } });

    const body = JSON.parse(raw) as {
      model: string;
      stream?: boolean;
      messages: FakeRequest['messages'];
      response_format?: unknown;
      temperature?: number;
      max_tokens?: number;
      max_completion_tokens?: number;
    };
    const maxTokens = body.max_completion_tokens ?? body.max_tokens;
    const record: FakeRequest = {
      model: body.model,
      stream: Boolean(body.stream),
      messages: body.messages,
      responseFormat: body.response_format,
      ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      at: Date.now(),
    };
    requests.push(record);
    record.headers = req.headers;
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    const onSocket = sockets.get(req.socket);
    if (onSocket) onSocket.push(record);
    else {
      sockets.set(req.socket, [record]);
      req.socket.once('close', () => {
        for (const r of sockets.get(req.socket) ?? []) r.socketClosed = true;
      });
    }
    const allText = JSON.stringify(body.messages);
    const found = (behaviours.get(body.model) ?? []).find((x) => !x.match || allText.includes(x.match)) ?? {};
    const seen = (counts.get(found) ?? 0) + 1;
    counts.set(found, seen);
    const b: FakeBehaviour = found.failTimes !== undefined && seen > found.failTimes ? { ...found, fail: undefined } : found;
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    if (b.delayMs) await wait(b.delayMs);
    if (b.fail === 'hang') return;
    if (b.fail === 'http500') return send(500, { error: { message: b.errorMessage ?? 'upstream exploded', type: 'server_error' } });
    if (b.fail === 'http400')
      return send(400, { error: { message: b.errorMessage ?? 'bad request to the model', type: 'invalid_request_error' } });
    if (b.fail === 'http401')
      return send(401, { error: { message: b.errorMessage ?? 'Incorrect API key provided', type: 'invalid_request_error' } });
    if (b.fail === 'http429') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(b.retryAfter ?? 1) });
      return res.end(JSON.stringify({ error: { message: 'rate limited', type: 'rate_limit' } }));
    }
    const text = typeof b.reply === 'function' ? b.reply(record) : (b.reply ?? defaultReply(record));
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const counted = b.usage ?? { prompt_tokens: 12, completion_tokens: Math.ceil(text.length / 4) };
    const usage = { ...counted, total_tokens: counted.prompt_tokens + counted.completion_tokens };
    if (!body.stream) {
      if (b.fail === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"choices": [ {"message": ');
      }
      if (b.fail === 'cut') {
        // The connection drops halfway through the body.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        res.write(`{"id":"${id}","choices":[{"index":0,"message":{"role":"assistant","content":"${text.slice(0, text.length / 2)}`);
        return setTimeout(() => res.destroy(), 5);
      }
      return send(200, {
        id,
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const size = b.chunkSize ?? 8;
    const write = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    write({
      id,
      object: 'chat.completion.chunk',
      created: 1,
      model: body.model,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    for (let i = 0; i < text.length; i += size) {
      if (res.destroyed) return;
      if (b.fail === 'cut' && i >= text.length / 2) return res.destroy();
      if (b.fail === 'malformed' && i >= text.length / 2) {
        res.write('data: {"choices": [ {"delta": \n\n');
        return res.end();
      }
      write({
        id,
        object: 'chat.completion.chunk',
        created: 1,
        model: body.model,
        choices: [{ index: 0, delta: { content: text.slice(i, i + size) }, finish_reason: null }],
      });
      if (b.chunkDelayMs) await wait(b.chunkDelayMs);
    }
    write({
      id,
      object: 'chat.completion.chunk',
      created: 1,
      model: body.model,
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      usage,
    });
    res.write('data: [DONE]\n\n');
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    behave: add,
    reset: () => {
      behaviours.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;

/** A MODELS_FILE body pointing three proposers, an aggregator and a refiner at the fake. */
export function fakeModelsFile(url: string, { timeoutMs = 5000 }: { timeoutMs?: number } = {}) {
  const m = (id: string, name: string, roles: string[], vision = false) => ({
    id,
    name,
    provider: 'openai-compatible',
    model: id,
    baseURL: `${url}/v1`,
    roles,
    vision,
    timeoutMs,
  });
  return JSON.stringify({
    models: [
      m('alpha', 'Alpha GPT', ['proposer'], true),
      m('beta', 'Beta Claude', ['proposer']),
      m('gamma', 'Gamma Gemini', ['proposer'], true),
      m('fusion', 'Sangam Fusion', ['aggregator']),
      m('refiner', 'Sangam Refiner', ['refiner']),
    ],
  });
}

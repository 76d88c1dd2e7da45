// A minimal OpenAI-compatible model for the gateway benchmarks, in its own process so that its CPU
// is nobody's: POST .../chat/completions answers at once, as one JSON body or as Server-Sent Events
// (a role chunk, the text in 20-character chunks, a usage chunk, [DONE]). MOCK_CHUNK_MS=n spaces the
// streamed chunks n ms apart, as a real model's tokens arrive (the soak uses it); 0 (default) sends them at once.
// Usage: node bench/lib/mock-model.mjs (prints its own URL when listening).
import http from 'node:http';

const TEXT = 'word '.repeat(40);
const CHUNK = 20;
const usage = { prompt_tokens: 12, completion_tokens: 50, total_tokens: 62 };
const CHUNK_MS = Number(process.env.MOCK_CHUNK_MS ?? 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = http.createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () => {
    if (!req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"error":{"message":"not found"}}');
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(parts).toString('utf8'));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end('{"error":{"message":"bad json"}}');
    }
    const base = { id: 'chatcmpl-bench', created: 1, model: body.model };
    if (!body.stream) {
      const out = JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: TEXT }, finish_reason: 'stop' }],
        usage,
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
      return res.end(out);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta, extra = {}) =>
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
    const end = () => {
      res.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };
    res.write(chunk({ role: 'assistant', content: '' }));
    if (!CHUNK_MS) {
      for (let i = 0; i < TEXT.length; i += CHUNK) res.write(chunk({ content: TEXT.slice(i, i + CHUNK) }));
      return end();
    }
    (async () => {
      for (let i = 0; i < TEXT.length && !res.destroyed; i += CHUNK) {
        await sleep(CHUNK_MS);
        res.write(chunk({ content: TEXT.slice(i, i + CHUNK) }));
      }
      end();
    })();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));

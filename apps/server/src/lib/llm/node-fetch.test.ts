import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFetch } from '@/lib/llm/node-fetch';

let server: http.Server;
let base = '';
let release: () => void = () => {};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/json') {
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' });
      return res.end('{"error":"slow down"}');
    }
    // A stream that sends one event, then waits until the test has read it.
    const type = req.url === '/ndjson' ? 'application/x-ndjson' : 'text/event-stream';
    res.writeHead(200, { 'content-type': type });
    res.write('first\n\n');
    release = () => res.end('second\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('nodeFetch', () => {
  it('hands a JSON answer over whole, with status and headers', async () => {
    const res = await nodeFetch(`${base}/json`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(429);
    expect(res.ok).toBe(false);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({ error: 'slow down' });
  });

  for (const path of ['/sse', '/ndjson']) {
    it(`keeps ${path} a stream: its first chunk is readable before the answer ends`, async () => {
      const res = await nodeFetch(`${base}${path}`, { method: 'POST', body: '{}' });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe('first\n\n');
      release();
      let rest = '';
      for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
      expect(rest).toBe('second\n\n');
    });
  }

  it('fails like fetch: an abort rejects with AbortError, a refused connection with TypeError', async () => {
    const controller = new AbortController();
    const pending = nodeFetch(`${base}/sse`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await expect(nodeFetch('http://127.0.0.1:1/', {})).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });
});

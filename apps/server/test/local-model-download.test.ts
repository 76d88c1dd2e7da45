import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type ModelServer, startModelServer } from '@sangam/test-fakes/model-server';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256File } from '@/lib/llm/local-model/download';
import { startTestApp, type TestApp } from './helper';
import { readStatus, tinyModelFile, waitForStatus } from './local-model-helper';
import { createVerifiedUser, formOf, generateAnswer } from './users';

// The first-start download, from a host on 127.0.0.1 serving the generated model (LOCAL_MODEL_URL).
const opened: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

async function setUp(options: Parameters<typeof startModelServer>[1], env: (url: string, sha: string) => Record<string, string>) {
  const file = await tinyModelFile();
  const sha = await sha256File(file);
  const server: ModelServer = await startModelServer(file, options);
  opened.push(server, { close: async () => fs.rmSync(path.dirname(file), { recursive: true, force: true }) });
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t: TestApp = await startTestApp(
    { LOCAL_MODEL: 'auto', LOCAL_MODEL_THREADS: '1', LOCAL_MODEL_MAX_TOKENS: '16', LOG_LEVEL: 'info', ...env(server.url, sha) },
    { logStream },
  );
  opened.push(t);
  return { t, server, sha, lines, size: fs.statSync(file).size, target: path.join(t.dataDir, 'models', 'tiny-llama.gguf') };
}

const ANSWER_503 = async (t: TestApp) => {
  const user = await createVerifiedUser(t);
  const res = await generateAnswer(t, user, formOf({ Prompt: 'hello', Chat_Id: 'abc123', Request_Id: 'req_1' }));
  return { status: res.status, body: (await res.json()) as { code: string; detail: string } };
};

describe('downloading the local model on first start', () => {
  it('shows progress in /readyz, the model status and the log, then loads the file', async () => {
    const { t, lines, target, sha, size } = await setUp({ bytesPerSecond: 200_000 }, (url, sha) => ({
      LOCAL_MODEL_URL: url,
      LOCAL_MODEL_SHA256: sha,
    }));
    const during = await waitForStatus(t.baseUrl, (s) => s.local?.state === 'downloading' && (s.local.progress ?? 0) > 0);
    expect(during.available).toBe(false);
    expect(during.local?.progress).toBeLessThan(100);
    expect(during.local?.totalBytes).toBe(size);
    const ready = (await (await fetch(`${t.baseUrl}/readyz`)).json()) as { status: string; models: { local: { state: string } } };
    expect(ready.status).toBe('ready');
    expect(['downloading', 'loading', 'ready']).toContain(ready.models.local.state);
    await waitForStatus(t.baseUrl, (s) => s.local?.state === 'ready');
    expect(await sha256File(target)).toBe(sha);
    const steps = lines.filter((l) => l.includes('local model download: '));
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.at(-1)).toContain('100%');
  }, 90_000);

  it('resumes where a cut connection stopped (HTTP Range) and checks the whole file', async () => {
    const { t, server, target, sha } = await setUp({ cutAfterBytes: 100_000 }, (url, sha) => ({
      LOCAL_MODEL_URL: url,
      LOCAL_MODEL_SHA256: sha,
    }));
    await waitForStatus(t.baseUrl, (s) => s.local?.state === 'ready');
    const [first, second, ...more] = server.requests.map((r) => r.range);
    expect(first).toBeUndefined();
    // The second request asks only for the rest: from what had arrived when the line was cut.
    const from = Number(/^bytes=(\d+)-$/.exec(second ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(100_000);
    expect(more).toEqual([]);
    expect(await sha256File(target)).toBe(sha);
    expect(fs.existsSync(`${target}.part`)).toBe(false);
  }, 90_000);

  it('refuses a corrupt file: deleted, never loaded, and the answer explains the ways out', async () => {
    const { t, target } = await setUp({ corrupt: true }, (url, sha) => ({ LOCAL_MODEL_URL: url, LOCAL_MODEL_SHA256: sha }));
    const status = await waitForStatus(t.baseUrl, (s) => s.local?.state !== 'downloading' && s.local?.state !== 'loading');
    expect(status.local?.state).toBe('unavailable');
    expect(status.local?.detail).toContain('checksum');
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(`${target}.part`)).toBe(false);
    const answer = await ANSWER_503(t);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('MODEL_UNAVAILABLE');
    expect(answer.body.detail).toContain('checksum');
  }, 90_000);

  it('offline: says at once that it cannot download and names the three ways out', async () => {
    const closed = await startModelServer(await tinyModelFile());
    await closed.close();
    const { t, lines } = await setUp({}, () => ({ LOCAL_MODEL_URL: closed.url }));
    const status = await waitForStatus(t.baseUrl, (s) => s.local?.state === 'unavailable', 10_000);
    for (const way of ['offline', 'OPENAI_API_KEY', 'MODELS_FILE', 'LOCAL_MODEL_PATH']) expect(status.local?.detail).toContain(way);
    expect(lines.some((l) => l.includes('LOCAL_MODEL_PATH') && l.includes('"level":40'))).toBe(true);
    expect((await readStatus(t.baseUrl)).available).toBe(false);
    const answer = await ANSWER_503(t);
    expect(answer.status).toBe(503);
    expect(answer.body.detail).toContain('MODELS_FILE');
  }, 30_000);
});

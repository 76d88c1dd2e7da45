import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineTest, startEngineTest } from './engine-helper';

let e: EngineTest;
beforeAll(async () => {
  e = await startEngineTest({ timeoutMs: 2000 });
});
afterAll(async () => {
  await e.close();
});

const fieldName = fc.oneof(
  fc.constantFrom('Prompt', 'Chat_Id', 'Request_Id', 'Mode', 'History', 'image_file'),
  fc.string({ maxLength: 40 }),
);
const fieldValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom('sangam', 'universe', 'galaxy', '', '   ', '[{"role":"user","content":"hi"}]', '[{"role":"x"}]', '{'),
  fc.string({ unit: 'binary', maxLength: 300 }),
);
/** A multipart body written by hand, so that it can be subtly or badly wrong. */
const rawMultipart = fc
  .record({
    boundary: fc.oneof(fc.constant('b0und'), fc.string({ minLength: 1, maxLength: 70 })),
    parts: fc.array(
      fc.record({
        name: fieldName,
        value: fieldValue,
        filename: fc.option(fc.string({ maxLength: 20 })),
        quoted: fc.boolean(),
      }),
      { maxLength: 14 },
    ),
    close: fc.constantFrom('--\r\n', '--', '\r\n', ''),
    truncateAt: fc.option(fc.nat()),
    declaredBoundary: fc.option(fc.string({ maxLength: 30 })),
  })
  .map(({ boundary, parts, close, truncateAt, declaredBoundary }) => {
    let body = parts
      .map(({ name, value, filename, quoted }) => {
        const disposition = `form-data; name=${quoted ? `"${name}"` : name}${filename === null ? '' : `; filename="${filename}"`}`;
        return `--${boundary}\r\ncontent-disposition: ${disposition}\r\n\r\n${value}\r\n`;
      })
      .join('');
    body += `--${boundary}${close}`;
    if (truncateAt !== null) body = body.slice(0, truncateAt % (body.length + 1));
    return { body, contentType: `multipart/form-data; boundary=${declaredBoundary ?? boundary}` };
  });
const anyBody = fc.oneof(
  rawMultipart,
  fc.record({
    body: fc.string({ unit: 'binary', maxLength: 500 }),
    contentType: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'text/plain', 'application/octet-stream'),
  }),
);

describe('forms whose skipped parts are large', () => {
  // @fastify/busboy 3.2.6 never finished such a body: the request hung until the client gave up.
  const post = (body: FormData | string, headers: Record<string, string> = {}) =>
    fetch(`${e.t.baseUrl}/ai/v1/agent/GenerateAnswer`, {
      method: 'POST',
      headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${e.user.accessToken}`, ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });

  it('answers two 70 KB images at once with PAYLOAD_TOO_LARGE', async () => {
    const form = new FormData();
    form.append('Prompt', 'இந்த இரண்டு படங்கள் 📷');
    form.append('Chat_Id', 'c1');
    form.append('Request_Id', 'req_two_images');
    form.append('image_file', new Blob([new Uint8Array(70_000).fill(1)], { type: 'image/png' }), 'one.png');
    form.append('image_file', new Blob([new Uint8Array(70_000).fill(2)], { type: 'image/png' }), 'two.png');
    const res = await post(form);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('skips a 70 KB part that is not form-data and answers the question', async () => {
    const b = 'sangam-skip';
    const field = (name: string, value: string) => `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = `--${b}\r\nContent-Disposition: attachment; name="x"\r\n\r\n${'a'.repeat(70_000)}\r\n${field('Prompt', 'नमस्ते')}${field('Chat_Id', 'c1')}${field('Request_Id', 'req_skip')}--${b}--\r\n`;
    const res = await post(body, { 'content-type': `multipart/form-data; boundary=${b}` });
    expect(res.status).toBe(200);
  });
});

describe('the agent endpoints under random input', () => {
  for (const endpoint of ['GenerateAnswer', 'PromptRefiner']) {
    it(`${endpoint}: 300 random or broken forms never get a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(anyBody, async ({ body, contentType }) => {
          const res = await fetch(`${e.t.baseUrl}/ai/v1/agent/${endpoint}`, {
            method: 'POST',
            headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${e.user.accessToken}`, 'content-type': contentType },
            body,
          });
          const answer = (await res.json()) as { code?: string; detail?: string };
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            expect(typeof answer.code).toBe('string');
            expect(typeof answer.detail).toBe('string');
          }
        }),
        { numRuns: 300 },
      );
    }, 120_000);
  }
});

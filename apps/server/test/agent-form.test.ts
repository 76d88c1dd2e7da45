import { describe, expect, it } from 'vitest';
import { AgentForm, parseAgentForm } from '@/modules/agent/agent-request';

/** A real multipart body and its headers, encoded by the platform's FormData. */
async function encode(entries: Array<[string, string | Blob]>) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  const res = new Response(form);
  return { headers: { 'content-type': res.headers.get('content-type') ?? '' }, body: Buffer.from(await res.arrayBuffer()) };
}

describe('parseAgentForm', () => {
  it('reads the text fields and the image', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { headers, body } = await encode([
      ['Prompt', 'Namaste 🙏'],
      ['Chat_Id', 'c1'],
      ['image_file', new Blob([png])],
    ]);
    const form = await parseAgentForm(headers, body);
    expect(form).toBeInstanceOf(AgentForm);
    expect(form.fields).toEqual({ Prompt: 'Namaste 🙏', Chat_Id: 'c1' });
    expect(form.image && [...form.image]).toEqual([...png]);
  });

  it('refuses a prompt over the field limit, too many fields, another file field and a broken body', async () => {
    const long = await encode([['Prompt', 'x'.repeat(200_001)]]);
    await expect(parseAgentForm(long.headers, long.body)).rejects.toMatchObject({ code: 'PROMPT_TOO_LONG' });

    const many = await encode(Array.from({ length: 11 }, (_, i): [string, string] => [`f${i}`, 'v']));
    await expect(parseAgentForm(many.headers, many.body)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const other = await encode([['avatar', new Blob(['x'])]]);
    await expect(parseAgentForm(other.headers, other.body)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    await expect(parseAgentForm({ 'content-type': 'multipart/form-data' }, Buffer.from('x'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('refuses a body cut inside the image with a 400, not an uncaught error', async () => {
    const { headers, body } = await encode([
      ['Prompt', 'hi'],
      ['image_file', new Blob([new Uint8Array(4096).fill(7)])],
    ]);
    await expect(parseAgentForm(headers, body.subarray(0, body.length - 2100))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses an image over 5 MB', async () => {
    const big = await encode([['image_file', new Blob([new Uint8Array(5 * 1024 * 1024 + 1)])]]);
    await expect(parseAgentForm(big.headers, big.body)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });
});

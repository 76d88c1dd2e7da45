import { describe, expect, it } from 'vitest';
import { AGENT_BODY_LIMIT, AgentForm, FORM_LIMITS, parseAgentForm, parseFormWithBusboy } from '@/modules/agent/agent-request';
import { readSimpleForm } from '@/modules/agent/simple-form';

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

  it('takes a field and an image at their limits exactly, through busboy too', async () => {
    const { headers, body } = await encode([
      ['Chat_Id', 'a'.repeat(200_000)],
      ['image_file', new Blob([new Uint8Array(5 * 1024 * 1024)])],
    ]);
    const form = await parseFormWithBusboy(headers, body);
    expect(form.fields.Chat_Id).toHaveLength(200_000);
    expect(form.image).toHaveLength(5 * 1024 * 1024);
  });

  it('finishes a body whose skipped part is large (a second image, a part that is not form-data)', async () => {
    const twoImages = await encode([
      ['image_file', new Blob([new Uint8Array(70_000).fill(1)])],
      ['image_file', new Blob([new Uint8Array(70_000).fill(2)])],
    ]);
    await expect(parseAgentForm(twoImages.headers, twoImages.body)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const b = 'sangam-boundary';
    const attachment = Buffer.from(
      `--${b}\r\nContent-Disposition: attachment; name="x"\r\n\r\n${'a'.repeat(70_000)}\r\n--${b}\r\nContent-Disposition: form-data; name="Prompt"\r\n\r\nनमस्ते\r\n--${b}--\r\n`,
    );
    const form = await parseAgentForm({ 'content-type': `multipart/form-data; boundary=${b}` }, attachment);
    expect(form.fields).toEqual({ Prompt: 'नमस्ते' });
  });

  it('refuses an image over 5 MB', async () => {
    const big = await encode([['image_file', new Blob([new Uint8Array(5 * 1024 * 1024 + 1)])]]);
    await expect(parseAgentForm(big.headers, big.body)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });
});

/** A small seeded generator, so that a failing body can be found again. */
function random(seed: number) {
  let x = seed >>> 0;
  const next = () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    int: (n: number) => Math.floor(next() * n),
  };
}

const BOUNDARIES = [
  '----formdata-undici-0123456789',
  '----WebKitFormBoundaryAb12Cd34',
  "x'+_.",
  'a'.repeat(70),
  'a'.repeat(71),
  'with space',
  'a/b=c?',
  '(b),:',
];
const NAMES = ['Prompt', 'Chat_Id', 'Request_Id', 'Mode', 'History', 'image_file', 'avatar', 'we ird', 'quo\\"te', 'नाम', ''];
/** What users type (Hindi, Tamil, emoji, line breaks) and what attackers send (the boundary itself, broken UTF-8, NUL). */
const values = (b: string): Buffer[] => [
  Buffer.from('hi'),
  Buffer.from('नमस्ते, आज मौसम कैसा है? 🙏🏽'),
  Buffer.from('வணக்கம் 👋 எப்படி இருக்கிறீர்கள்'),
  Buffer.from('line one\r\nline two\n\r\n\r\nthree'),
  Buffer.from('--not the boundary\r\n--'),
  Buffer.from(`text \r\n--${b}x more`),
  Buffer.from(`text --${b}-- more`),
  Buffer.from([0xff, 0xfe, 0x41, 0xe0, 0xa4]),
  Buffer.from('\ufeffBOM first'),
  Buffer.from('nul\u0000inside'),
  Buffer.alloc(0),
  Buffer.alloc(200_000, 0x61),
  Buffer.alloc(200_001, 0x61),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2]),
];

/** One multipart body built by hand: half as clients send them, half with what hostile ones add. */
function hostileBody(seed: number) {
  const r = random(seed);
  const odd = r.chance(0.5);
  /** A variation: always the usual one in a plain body, now and then any of them in an odd one (so that one oddity alone is tried too). */
  const vary = <T>(usual: T, all: readonly T[]) => (odd && r.chance(0.3) ? r.pick(all) : usual);
  const boundary = vary(r.pick(BOUNDARIES.slice(0, 3)), BOUNDARIES);
  const contentType = vary(`multipart/form-data; boundary=${boundary}`, [
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data;boundary=${boundary}`,
    `multipart/form-data; boundary="${boundary}"`,
    `Multipart/Form-Data; boundary=${boundary}`,
    `multipart/form-data; charset=utf-8; boundary=${boundary}`,
  ]);
  const chunks: Buffer[] = [];
  if (odd && r.chance(0.1)) chunks.push(Buffer.from('preamble\r\n'));
  const parts = odd && r.chance(0.2) ? 9 + r.int(4) : 1 + r.int(5);
  for (let i = 0; i < parts; i += 1) {
    const name = odd ? r.pick(NAMES) : r.pick(NAMES.slice(0, 6));
    const asFile = name === 'image_file' ? r.chance(0.9) : odd && r.chance(0.2);
    const headers: string[] = [];
    const colon = vary(': ', [': ', ':', ':  ', ':\t']);
    const dispositionName = vary('Content-Disposition', [
      'Content-Disposition',
      'content-disposition',
      'CONTENT-DISPOSITION',
      'Content-Disposition ',
    ]);
    const fileParam = asFile
      ? vary(r.pick(['; filename="photo.png"', '; filename=""', '; filename="फ़ोटो.png"']), [
          ';filename="a.png"',
          '; filename=a.png',
          '; filename="x"',
        ])
      : '';
    headers.push(`${dispositionName}${colon}${vary('form-data', ['form-data', 'Form-Data', 'attachment'])}; name="${name}"${fileParam}`);
    if (asFile && r.chance(0.8))
      headers.push(`Content-Type: ${vary('image/png', ['image/png', 'application/octet-stream', 'image/png; x=1'])}`);
    if (odd && !asFile && r.chance(0.1))
      headers.push(
        r.pick(['Content-Type: text/plain; charset=latin1', 'Content-Type: application/octet-stream', 'Content-Type: text/plain']),
      );
    if (odd && r.chance(0.1)) headers.push(r.pick(['X-Extra: 1', 'Content-Transfer-Encoding: base64', ' folded', 'no colon']));
    if (odd && r.chance(0.1)) headers.reverse();
    const padding = odd && r.chance(0.05) ? '  ' : '';
    chunks.push(Buffer.from(`--${boundary}${padding}\r\n${headers.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(odd && r.chance(0.05) ? Buffer.alloc(5 * 1024 * 1024 + r.int(2), 7) : r.pick(values(boundary)));
    chunks.push(Buffer.from('\r\n'));
  }
  const ending = vary(r.pick(['--\r\n', '--']), ['--\r\n', '--', '--\r\nepilogue --x--', '\r\n', '']);
  chunks.push(Buffer.from(`--${boundary}${ending}`));
  let body = Buffer.concat(chunks);
  if (odd && r.chance(0.1)) body = body.subarray(0, r.int(body.length));
  return { headers: { 'content-type': contentType }, body };
}

const outcome = (form: Promise<AgentForm>) =>
  form.then(
    (f) => ({ fields: f.fields, image: f.image && Buffer.from(f.image).toString('base64') }),
    (err: { code?: string }) => ({ error: err.code }),
  );

describe('the plain form read without busboy', () => {
  it('reads what busboy reads wherever it answers, and leaves every other body to busboy (600 bodies)', async () => {
    let read = 0;
    let left = 0;
    for (let seed = 1; seed <= 600; seed += 1) {
      const { headers, body } = hostileBody(seed);
      if (body.length > AGENT_BODY_LIMIT) continue;
      const simple = readSimpleForm(headers['content-type'], body, FORM_LIMITS);
      const busboy = await outcome(parseFormWithBusboy(headers, body));
      if (simple) {
        read += 1;
        expect({ seed, ...busboy }).toEqual({ seed, fields: simple.fields, image: simple.image?.toString('base64') });
      } else left += 1;
      expect({ seed, ...(await outcome(parseAgentForm(headers, body))) }).toEqual({ seed, ...busboy });
    }
    // Both ways are exercised, so the comparison means something.
    expect(read).toBeGreaterThan(150);
    expect(left).toBeGreaterThan(150);
  });

  it('reads a plain body under every boundary and content type as busboy does', async () => {
    for (const boundary of BOUNDARIES)
      for (const contentType of [
        `multipart/form-data; boundary=${boundary}`,
        `multipart/form-data;boundary=${boundary}`,
        `multipart/form-data; boundary="${boundary}"`,
        `multipart/form-data; boundary=${boundary} `,
        `multipart/form-data; charset=utf-8; boundary=${boundary}`,
      ]) {
        const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Prompt"\r\n\r\nनमस्ते\r\n--${boundary}--\r\n`);
        const headers = { 'content-type': contentType };
        const busboy = await outcome(parseFormWithBusboy(headers, body));
        const simple = readSimpleForm(contentType, body, FORM_LIMITS);
        if (simple) expect({ contentType, ...busboy }).toEqual({ contentType, fields: simple.fields, image: undefined });
        expect({ contentType, ...(await outcome(parseAgentForm(headers, body))) }).toEqual({ contentType, ...busboy });
      }
  });

  it('reads what browsers send: Hindi, Tamil and emoji fields and an image', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 45, 45]);
    const { headers, body } = await encode([
      ['Prompt', 'नमस्ते 🙏 வணக்கம்\r\nदूसरी पंक्ति'],
      ['Chat_Id', 'c1'],
      ['image_file', new Blob([png], { type: 'image/png' })],
    ]);
    const simple = readSimpleForm(headers['content-type'], body, FORM_LIMITS);
    expect(simple?.fields).toEqual({ Prompt: 'नमस्ते 🙏 வணக்கம்\r\nदूसरी पंक्ति', Chat_Id: 'c1' });
    expect(simple?.image && [...simple.image]).toEqual([...png]);
  });
});

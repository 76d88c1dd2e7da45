import fc from 'fast-check';

/** The random inputs of the route fuzz: hostile values, mutated request templates, bodies, params and headers. */
// ---- arbitraries: what a hostile or broken client sends ----------------------------------------------
/** The field names of the account forms (signup, login, codes, passwords, deletion). */
export const ACCOUNT_FIELD_NAMES = [
  'username',
  'password',
  'email',
  'name',
  'code',
  'confirm',
  'reset_token',
  'new_password',
  'confirm_password',
  'refresh_token',
  'reason',
  'feedback',
  'firstName',
  'confirmation',
];
export const FIELD_NAMES = [
  ...ACCOUNT_FIELD_NAMES,
  'lastName',
  'title',
  'mode',
  'originalPrompt',
  'createdAt',
  'updatedAt',
  'messages',
  'role',
  'content',
  'modelId',
  'timestamp',
  'Prompt',
  'Chat_Id',
  'Request_Id',
  'Mode',
  'History',
  '__proto__',
  'constructor',
];
export const trickyString = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b@example.com',
    'jose\u0301@example.com',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil',
    '\u200B',
    '\uFEFF',
    '💥'.repeat(40),
    `a@${'.'.repeat(3000)}@`,
    '.'.repeat(5000),
    'x'.repeat(70_000),
    'DELETE',
    'sangam',
    'universe',
    'user',
    'assistant',
    'other',
    'Str0ng!pass',
    '123456',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    'null',
    '[]',
    '{}',
  ),
);
export const trickyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(9007199254740991, -9007199254740991, 8.64e15, 8.64e15 + 1, 1e308, -1e308, 0, -0, 2 ** 31, 2 ** 53 + 2),
);
export const leaf = fc.oneof(trickyString, trickyNumber, fc.boolean(), fc.constant(null));
export const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), tie('node'), { maxKeys: 5 }),
  ),
})).node;
export const message = fc.record(
  { role: fc.oneof(fc.constantFrom('user', 'assistant'), trickyString), content: leaf, modelId: leaf, timestamp: trickyNumber },
  { requiredKeys: [] },
);
/**
 * Valid bodies of the app's endpoints. Any route may get any of them, each field kept, dropped or
 * replaced by a hostile value: near-valid bodies reach the code behind the validation.
 */
export const now = Date.now();
export const TEMPLATES: Array<Record<string, unknown>> = [
  { username: 'fuzz@example.com', password: 'Str0ng!pass' },
  { name: 'Asha Rao', username: 'fuzzer', email: 'fuzz@example.com', password: 'Str0ng!pass' },
  { email: 'fuzz@example.com', code: '123456' },
  { email: 'fuzz@example.com' },
  { email: 'fuzz@example.com', code: '123456', password: 'N3w!password', confirm: 'N3w!password' },
  { email: 'fuzz@example.com', reset_token: '123456', new_password: 'N3w!password', confirm_password: 'N3w!password' },
  { refresh_token: 'r'.repeat(43) },
  { password: 'Wr0ng!pass', reason: 'other', feedback: 'bye' },
  { firstName: 'Asha', lastName: 'Rao', name: 'Asha Rao' },
  { email: 'other@example.com', confirmation: 'DELETE' },
  { title: 'Dharma' },
  {
    title: 'Dharma',
    mode: 'sangam',
    originalPrompt: 'What is dharma?',
    createdAt: now,
    updatedAt: now,
    messages: [
      { role: 'user', content: 'What is dharma?', timestamp: now },
      { role: 'assistant', content: 'Dharma is…', modelId: 'sangam', timestamp: now + 1 },
    ],
  },
  { Prompt: 'What is dharma?', Chat_Id: 'chat1', Request_Id: 'req1', Mode: 'sangam' },
];
export const hostile = fc.oneof(leaf, value);
/** Fragments that databases, parsers and normalisers trip over, put inside an otherwise valid value. */
export const FRAGMENTS = [
  '\u0000',
  '\u0000',
  '\uD800',
  '\uDC00',
  '\u202E',
  '\u0301',
  '\u200B',
  '💥',
  '%00',
  "'",
  '"',
  '\\',
  '\r\n',
  '.'.repeat(300),
];
/** Numbers at the edges of JavaScript dates, safe integers and PostgreSQL columns. */
export const EDGE_NUMBERS = [
  9007199254740991,
  2 ** 53 + 2,
  8.64e15,
  8.64e15 + 1,
  253402300800000,
  2 ** 31,
  -1,
  0,
  1.5,
  1e21,
  Number.MIN_VALUE,
];
/** A scalar tweaked a little: a fragment inserted into a string, an edge number, a change of type. */
export const tweak = (original: unknown): fc.Arbitrary<unknown> =>
  typeof original === 'string'
    ? fc
        .tuple(fc.constantFrom(...FRAGMENTS), fc.nat({ max: original.length }), fc.boolean())
        .map(([fragment, at, replace]) => (replace ? fragment : original.slice(0, at) + fragment + original.slice(at)))
    : typeof original === 'number'
      ? fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.constant(String(original)))
      : hostile;
/** A value of a template changed: tweaked, replaced by something hostile, or dropped (undefined). */
export const change = (original: unknown): fc.Arbitrary<unknown> =>
  Array.isArray(original)
    ? fc.oneof(
        { weight: 6, arbitrary: fc.tuple(...original.map((item) => mutateValue(item))) },
        { weight: 1, arbitrary: fc.array(fc.oneof(...original.map((item) => mutateValue(item)), message), { maxLength: 4 }) },
        { weight: 1, arbitrary: hostile },
      )
    : original && typeof original === 'object'
      ? mutateObject(original as Record<string, unknown>)
      : fc.oneof(
          { weight: 6, arbitrary: tweak(original) },
          { weight: 2, arbitrary: hostile },
          { weight: 1, arbitrary: fc.constant(undefined) },
        );
/** Objects are always walked into; a scalar stays as it is unless chosen. */
export const mutateValue = (original: unknown): fc.Arbitrary<unknown> =>
  original && typeof original === 'object' && !Array.isArray(original)
    ? mutateObject(original as Record<string, unknown>)
    : fc.oneof({ weight: 2, arbitrary: fc.constant(original) }, { weight: 1, arbitrary: change(original) });
/**
 * A template with one or two of its fields changed (nested messages included), the rest left valid, and
 * now and then one extra field: most of these pass the other checks and test the changed field alone.
 */
export const mutateObject = (template: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> => {
  const keys = Object.keys(template);
  return fc
    .tuple(
      fc.subarray(keys, { minLength: Math.min(1, keys.length), maxLength: Math.min(2, keys.length) }),
      fc.record(Object.fromEntries(keys.map((k) => [k, change(template[k])]))),
      fc.option(fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostile, { maxKeys: 1 }), { freq: 5 }),
    )
    .map(([chosen, changed, extra]) => {
      const out: Record<string, unknown> = { ...(extra ?? {}) };
      for (const k of keys) {
        const v = chosen.includes(k) ? changed[k] : template[k];
        if (v !== undefined) out[k] = v;
      }
      return out;
    });
};
/** Any object with the app's field names and hostile values, or any value at all. */
export const anyObject = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(leaf, value, fc.array(message, { maxLength: 3 })), { maxKeys: 8 }),
  },
  { weight: 1, arbitrary: value },
);

export type Encoding = 'json' | 'form' | 'multipart';
export type Body = { contentType: string; payload: string } | undefined;
export const asText = (v: unknown) => (typeof v === 'string' ? v : String(JSON.stringify(v)));
export function encode(encoding: Encoding, v: unknown): Body {
  if (encoding === 'json') return { contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' };
  const entries = v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [['value', v]];
  if (encoding === 'form') {
    return {
      contentType: 'application/x-www-form-urlencoded',
      payload: new URLSearchParams(entries.map(([k, s]): [string, string] => [String(k), asText(s)])).toString(),
    };
  }
  const parts = entries.map(([k, s]) => `--b0und\r\ncontent-disposition: form-data; name="${String(k)}"\r\n\r\n${asText(s)}\r\n`);
  return { contentType: 'multipart/form-data; boundary=b0und', payload: `${parts.join('')}--b0und--\r\n` };
}
export const ENCODINGS: Encoding[] = ['json', 'form', 'multipart'];
export const brokenBody = fc.record({
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/octet-stream',
    'multipart/form-data',
    'application/json; charset=latin1',
  ),
  payload: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('{', '{"a":', 'nul', '\u0000', '[1,2', '"\\ud800"')),
});

/**
 * The bodies for one route: mostly mutations of the templates this route accepted when probed (so the
 * code behind its validation runs with hostile data), then hostile objects in every encoding, broken
 * bodies and no body. A route whose bodies match no template still gets all the rest.
 */
export function bodiesFor(accepted: Array<{ template: Record<string, unknown>; encoding: Encoding }>): fc.Arbitrary<Body> {
  const generic = fc.oneof(
    { weight: 4, arbitrary: anyObject.map((v) => encode('json', v)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom<Encoding>('form', 'multipart'), anyObject).map(([enc, v]) => encode(enc, v)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...ENCODINGS), fc.oneof(...TEMPLATES.map(mutateObject))).map(([enc, v]) => encode(enc, v)),
    },
    { weight: 1, arbitrary: brokenBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  if (accepted.length === 0) return generic;
  const near = fc.oneof(...accepted.map(({ template, encoding }) => mutateObject(template).map((v) => encode(encoding, v))));
  return fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: generic });
}
export const pathParam = fc.oneof(
  fc.uuid(),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', '..', '%00', '%', '%zz', 'a'.repeat(300), '💥', '\u0000'),
  fc.string({ maxLength: 40 }),
);
export const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[]', 'limit', 'stream'), fc.string({ maxLength: 8 })),
      trickyString,
      {
        maxKeys: 4,
      },
    )
    .map((q) => `?${new URLSearchParams(q).toString()}`),
  fc.constantFrom('?%', '?%zz=1', '?a=%00', '?a&a&a', `?${'x'.repeat(5000)}`),
);
export const token = fc.constantFrom<TokenKind>('valid', 'valid', 'none', 'ghost', 'garbage');
export type TokenKind = 'valid' | 'none' | 'ghost' | 'garbage';
export type Case = {
  body: Body;
  params: string[];
  query: string;
  token: TokenKind;
  apiKey: string | undefined;
  accept: string | undefined;
};
export const apiKey = fc.constantFrom('sangam-web', 'sangam-web', undefined, 'wrong');
export const accept = fc.constantFrom(undefined, 'application/json', 'text/event-stream', '*/*');

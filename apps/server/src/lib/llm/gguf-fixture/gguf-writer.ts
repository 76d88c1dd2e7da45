/**
 * A minimal GGUF v3 writer: metadata key/values and F32 tensors, little-endian, tensor data aligned
 * to 32 bytes (the format's default `general.alignment`).
 */

const ALIGNMENT = 32;

/** GGUF metadata value types. */
const T = { UINT32: 4, INT32: 5, FLOAT32: 6, BOOL: 7, STRING: 8, ARRAY: 9 } as const;
/** ggml tensor type F32. */
const GGML_F32 = 0;

export type GgufValue =
  | { u32: number }
  | { f32: number }
  | { bool: boolean }
  | { str: string }
  | { strings: string[] }
  | { f32s: number[] }
  | { i32s: number[] };

/** A tensor in ggml order: `dims[0]` is the innermost (fastest-varying) dimension. */
export type GgufTensor = { name: string; dims: number[]; data: Float32Array };

class ByteSink {
  private chunks: Buffer[] = [];
  size = 0;
  push(buf: Buffer) {
    this.chunks.push(buf);
    this.size += buf.length;
  }
  u32(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  str(s: string) {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad() {
    const extra = (ALIGNMENT - (this.size % ALIGNMENT)) % ALIGNMENT;
    if (extra) this.push(Buffer.alloc(extra));
  }
  concat() {
    return Buffer.concat(this.chunks);
  }
}

function writeValue(out: ByteSink, value: GgufValue) {
  if ('u32' in value) {
    out.u32(T.UINT32);
    out.u32(value.u32);
  } else if ('f32' in value) {
    out.u32(T.FLOAT32);
    out.f32(value.f32);
  } else if ('bool' in value) {
    out.u32(T.BOOL);
    out.push(Buffer.from([value.bool ? 1 : 0]));
  } else if ('str' in value) {
    out.u32(T.STRING);
    out.str(value.str);
  } else writeArray(out, value);
}

function writeArray(out: ByteSink, value: Extract<GgufValue, { strings: string[] } | { f32s: number[] } | { i32s: number[] }>) {
  out.u32(T.ARRAY);
  if ('strings' in value) {
    out.u32(T.STRING);
    out.u64(value.strings.length);
    for (const s of value.strings) out.str(s);
  } else if ('f32s' in value) {
    out.u32(T.FLOAT32);
    out.u64(value.f32s.length);
    for (const n of value.f32s) out.f32(n);
  } else {
    out.u32(T.INT32);
    out.u64(value.i32s.length);
    for (const n of value.i32s) out.i32(n);
  }
}

/** The bytes of a GGUF v3 file holding `metadata` and `tensors`. */
export function encodeGguf({ metadata, tensors }: { metadata: Record<string, GgufValue>; tensors: GgufTensor[] }): Buffer {
  const head = new ByteSink();
  head.push(Buffer.from('GGUF', 'latin1'));
  head.u32(3);
  head.u64(tensors.length);
  head.u64(Object.keys(metadata).length);
  for (const [key, value] of Object.entries(metadata)) {
    head.str(key);
    writeValue(head, value);
  }
  let offset = 0;
  for (const t of tensors) {
    const count = t.dims.reduce((a, b) => a * b, 1);
    if (count !== t.data.length) throw new Error(`tensor ${t.name}: ${t.data.length} values for dims ${t.dims.join('x')}`);
    head.str(t.name);
    head.u32(t.dims.length);
    for (const d of t.dims) head.u64(d);
    head.u32(GGML_F32);
    head.u64(offset);
    offset += Math.ceil((count * 4) / ALIGNMENT) * ALIGNMENT;
  }
  head.pad();
  for (const t of tensors) {
    head.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    head.pad();
  }
  return head.concat();
}

import fs from 'node:fs';
import path from 'node:path';
import { encodeGguf, type GgufTensor, type GgufValue } from '@/lib/llm/gguf-fixture/gguf-writer';

/**
 * A tiny llama-architecture model with seeded random weights (about 460 KB): a SentencePiece
 * vocabulary of byte-fallback tokens <0x00>..<0xFF>, so any UTF-8 text (Devanagari, Tamil, emoji)
 * tokenizes, plus the ChatML control tokens its chat template uses. It answers noise, at speed:
 * for tests and benches of the local engine path, never for users.
 */
export const TINY_LLAMA = { embedding: 64, feedForward: 128, blocks: 2, heads: 4, contextLength: 4096 } as const;

const SPECIAL = ['<unk>', '<s>', '</s>'];
const CHATML = ['<|im_start|>', '<|im_end|>'];
/** SentencePiece's word-boundary mark: a space in text, so it must be a token of its own. */
const SPACE = '\u2581';
/** SentencePiece token types as llama.cpp reads them. */
const TYPE = { NORMAL: 1, UNKNOWN: 2, CONTROL: 3, BYTE: 6 } as const;

export const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** mulberry32: the same seed gives the same weights, so timings compare run to run. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary() {
  const bytes = Array.from({ length: 256 }, (_, i) => `<0x${i.toString(16).toUpperCase().padStart(2, '0')}>`);
  const tokens = [...SPECIAL, ...bytes, ...CHATML, SPACE];
  const types = [TYPE.UNKNOWN, TYPE.CONTROL, TYPE.CONTROL, ...bytes.map(() => TYPE.BYTE), ...CHATML.map(() => TYPE.CONTROL), TYPE.NORMAL];
  return { tokens, types, scores: tokens.map(() => 0) };
}

/** The bytes of the tiny model's GGUF file. */
export function tinyLlamaGguf({ seed = 26 }: { seed?: number } = {}): Buffer {
  const { embedding: n, feedForward: ff, blocks, heads, contextLength } = TINY_LLAMA;
  const vocab = vocabulary();
  const random = seededRandom(seed);
  const weights = (dims: number[], scale: number): GgufTensor['data'] =>
    Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => (random() * 2 - 1) * scale);
  const ones = (size: number) => new Float32Array(size).fill(1);
  const v = vocab.tokens.length;
  const tensors: GgufTensor[] = [
    { name: 'token_embd.weight', dims: [n, v], data: weights([n, v], 1) },
    { name: 'output_norm.weight', dims: [n], data: ones(n) },
    { name: 'output.weight', dims: [n, v], data: weights([n, v], 0.5) },
  ];
  for (let b = 0; b < blocks; b += 1) {
    const p = `blk.${b}`;
    const scale = 1 / Math.sqrt(n);
    tensors.push(
      { name: `${p}.attn_norm.weight`, dims: [n], data: ones(n) },
      { name: `${p}.attn_q.weight`, dims: [n, n], data: weights([n, n], scale) },
      { name: `${p}.attn_k.weight`, dims: [n, n], data: weights([n, n], scale) },
      { name: `${p}.attn_v.weight`, dims: [n, n], data: weights([n, n], scale) },
      { name: `${p}.attn_output.weight`, dims: [n, n], data: weights([n, n], scale) },
      { name: `${p}.ffn_norm.weight`, dims: [n], data: ones(n) },
      { name: `${p}.ffn_gate.weight`, dims: [n, ff], data: weights([n, ff], scale) },
      { name: `${p}.ffn_up.weight`, dims: [n, ff], data: weights([n, ff], scale) },
      { name: `${p}.ffn_down.weight`, dims: [ff, n], data: weights([ff, n], 1 / Math.sqrt(ff)) },
    );
  }
  const metadata: Record<string, GgufValue> = {
    'general.architecture': { str: 'llama' },
    'general.name': { str: 'Sangam tiny test model (random weights)' },
    'general.alignment': { u32: 32 },
    'llama.context_length': { u32: contextLength },
    'llama.embedding_length': { u32: n },
    'llama.block_count': { u32: blocks },
    'llama.feed_forward_length': { u32: ff },
    'llama.attention.head_count': { u32: heads },
    'llama.attention.head_count_kv': { u32: heads },
    'llama.attention.layer_norm_rms_epsilon': { f32: 1e-5 },
    'llama.rope.dimension_count': { u32: n / heads },
    'llama.rope.freq_base': { f32: 10000 },
    'llama.vocab_size': { u32: v },
    'tokenizer.ggml.model': { str: 'llama' },
    'tokenizer.ggml.tokens': { strings: vocab.tokens },
    'tokenizer.ggml.scores': { f32s: vocab.scores },
    'tokenizer.ggml.token_type': { i32s: vocab.types },
    'tokenizer.ggml.unknown_token_id': { u32: 0 },
    'tokenizer.ggml.bos_token_id': { u32: 1 },
    'tokenizer.ggml.eos_token_id': { u32: vocab.tokens.indexOf('<|im_end|>') },
    'tokenizer.ggml.add_bos_token': { bool: false },
    'tokenizer.ggml.add_eos_token': { bool: false },
    'tokenizer.ggml.add_space_prefix': { bool: false },
    'tokenizer.chat_template': { str: CHATML_TEMPLATE },
  };
  return encodeGguf({ metadata, tensors });
}

/** Writes the tiny model to `file` (creating its folder) and returns the file's path. */
export function writeTinyLlama(file: string, options: { seed?: number } = {}): string {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, tinyLlamaGguf(options));
  return path.resolve(file);
}

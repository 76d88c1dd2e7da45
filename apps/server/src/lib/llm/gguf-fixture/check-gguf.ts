import { gguf } from '@huggingface/gguf';

/**
 * Reads a GGUF file back with an independent parser (@huggingface/gguf) and checks what llama.cpp
 * needs of a llama model: version 3, the architecture, the vocabulary and every block's tensors.
 */
export async function checkGguf(file: string) {
  const { metadata, tensorInfos } = await gguf(file, { allowLocalFile: true });
  const problems: string[] = [];
  if (metadata.version !== 3) problems.push(`GGUF version ${metadata.version}, expected 3`);
  if (metadata['general.architecture'] !== 'llama') problems.push('general.architecture is not llama');
  const meta = metadata as Record<string, unknown>;
  const blocks = Number(meta['llama.block_count']);
  const tokens = meta['tokenizer.ggml.tokens'];
  const vocab = Array.isArray(tokens) ? tokens.length : 0;
  if (vocab < 256) problems.push(`a vocabulary of ${vocab} tokens cannot hold every byte`);
  const names = new Set(tensorInfos.map((t) => t.name));
  const needed = ['token_embd.weight', 'output_norm.weight'];
  for (let b = 0; b < blocks; b += 1)
    for (const t of ['attn_norm', 'attn_q', 'attn_k', 'attn_v', 'attn_output', 'ffn_norm', 'ffn_gate', 'ffn_up', 'ffn_down'])
      needed.push(`blk.${b}.${t}.weight`);
  for (const n of needed) if (!names.has(n)) problems.push(`tensor ${n} is missing`);
  if (typeof meta['tokenizer.chat_template'] !== 'string') problems.push('no tokenizer.chat_template');
  if (problems.length) throw new Error(`${file} is not a loadable llama GGUF: ${problems.join('; ')}`);
  return { blocks, vocab, tensors: tensorInfos.length, embedding: Number(meta['llama.embedding_length']) };
}

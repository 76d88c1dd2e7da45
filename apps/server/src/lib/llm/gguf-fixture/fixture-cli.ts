import fs from 'node:fs';
import { checkGguf } from '@/lib/llm/gguf-fixture/check-gguf';
import { writeTinyLlama } from '@/lib/llm/gguf-fixture/tiny-llama';

/** `npm run model:fixture -- <file>`: writes the tiny random-weight llama model used by tests and benches. */
const file = process.argv[2];
if (!file || file.startsWith('-')) {
  process.stderr.write('Usage: npm run model:fixture -- <file.gguf>\n');
  process.exit(2);
}
const written = writeTinyLlama(file);
const info = await checkGguf(written);
process.stdout.write(
  `Wrote ${written} (${Math.round(fs.statSync(written).size / 1024)} KB, ${info.blocks} blocks, ${info.vocab} tokens, random weights: it answers noise).\n` +
    `Try it: LOCAL_MODEL_PATH=${written} npm start\n`,
);

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EvalUserError } from '@/eval/eval-errors';
import { DEFAULT_PROMPTS_FILE } from '@/eval/prompt-set';

export const USAGE = `usage: npm run eval -- [--prompts <file.json|file.jsonl>] [--judge <model id>] [--limit N] [--out <file.json>] [--concurrency N]`;

const positiveInt = (name: string, value: string | undefined, max: number) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new EvalUserError(`--${name} must be a whole number from 1 to ${max} (got "${value}")`);
  return n;
};

/** The command line's options, with a clear message for each mistake. */
export function parseEvalOptions(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        prompts: { type: 'string' },
        judge: { type: 'string' },
        limit: { type: 'string' },
        out: { type: 'string' },
        concurrency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
    return {
      help: values.help ?? false,
      prompts: values.prompts ?? DEFAULT_PROMPTS_FILE,
      judge: values.judge,
      out: values.out,
      limit: positiveInt('limit', values.limit, 100_000),
      concurrency: positiveInt('concurrency', values.concurrency, 32) ?? 2,
    };
  } catch (err) {
    if (err instanceof EvalUserError) throw err;
    throw new EvalUserError(`${(err as Error).message}\n${USAGE}`);
  }
}

/** Checked before the run, so that a long (and paid) run is never lost for a wrong --out. */
export function assertWritable(file: string) {
  try {
    fs.accessSync(path.dirname(path.resolve(file)), fs.constants.W_OK);
  } catch {
    throw new EvalUserError(`--out ${file}: its folder does not exist or is not writable`);
  }
}

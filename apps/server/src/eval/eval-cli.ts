// `npm run eval -- [--prompts file] [--judge id] [--limit N] [--out file.json] [--concurrency N]`:
// the fusion evaluation harness (README "Measuring the fusion"). Models come from MODELS_FILE or the
// provider keys, as for the server.
import fs from 'node:fs';
import pino from 'pino';
import { EvalUserError } from '@/eval/eval-errors';
import { assertReachable, createEvalModels } from '@/eval/eval-models';
import { assertWritable, parseEvalOptions, USAGE } from '@/eval/eval-options';
import { formatReport } from '@/eval/eval-report';
import { limitPrompts, loadPromptSet } from '@/eval/prompt-set';
import { runEval } from '@/eval/run-eval';

/** Ctrl-C stops every model call in flight. */
const interrupted = new AbortController();
process.once('SIGINT', () => interrupted.abort(new EvalUserError('interrupted')));

async function main() {
  const opts = parseEvalOptions(process.argv.slice(2));
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const prompts = limitPrompts(loadPromptSet(opts.prompts), opts.limit);
  if (opts.out) assertWritable(opts.out);
  // The registry's own notices (none expected with models configured) go to stderr, never a prompt.
  const log = pino({ level: 'warn' }, pino.destination(2));
  const models = createEvalModels({ env: process.env, judgeId: opts.judge, log });
  const inUse = models.specs.filter((s) => s.roles.includes('proposer') || s.id === models.aggregator?.id || s.id === models.judge.id);
  await assertReachable(inUse);
  const tty = process.stderr.isTTY;
  const report = await runEval({
    prompts,
    models,
    concurrency: opts.concurrency,
    signal: interrupted.signal,
    // Progress and warnings as they happen on a terminal; the report repeats every warning.
    onProgress: (e) => {
      if (!tty) return;
      process.stderr.write('warning' in e ? `\rwarning: ${e.warning}\n` : `\r${e.done}/${e.total} prompts`);
    },
  });
  if (tty) process.stderr.write('\r');
  process.stdout.write(formatReport(report));
  if (opts.out) {
    fs.writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`Full results (every verdict, reason and answer): ${opts.out}\n`);
  }
  await models.registry.close();
}

try {
  await main();
  process.exit(0);
} catch (err) {
  if (interrupted.signal.aborted) {
    process.stderr.write('eval: interrupted\n');
    process.exit(130);
  }
  if (err instanceof EvalUserError) {
    process.stderr.write(`eval: ${err.message}\n`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
}

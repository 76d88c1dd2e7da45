import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { AppError } from '@/errors';
import { EvalUserError } from '@/eval/eval-errors';
import { judgePair, type PairJudgement } from '@/eval/eval-judge';
import { type Meter, meteredRegistry } from '@/eval/eval-meter';
import { callCostInr, type EvalModels, whereServed } from '@/eval/eval-models';
import { type Tally, tally, type Verdict } from '@/eval/eval-stats';
import type { EvalPrompt } from '@/eval/prompt-set';
import { describeProviderError } from '@/lib/llm/provider-error';
import { GENERAL_SYSTEM } from '@/modules/agent/agent-prompts';
import { AllModelsFailed, generateAnswer } from '@/modules/agent/answer.service';

/** Tokens and rupees of one side (null rupees when a model of that side has no price). */
export type SideCost = { tokens: number; costInr: number | null };

export type PairResult =
  | ({ modelId: string; status: 'judged' } & Omit<PairJudgement, 'usage'>)
  | { modelId: string; status: 'no-answer' | 'judge-failed'; detail: string };

export type PromptResult = {
  id: string;
  category: string;
  /** The pipeline's message: "Fused answer", "Answered by one model", "Fusion failed; …". */
  message: string;
  fused: SideCost & { text: string };
  singles: Array<SideCost & { modelId: string; name: string; text: string }>;
  pairs: PairResult[];
  judge: SideCost;
  /** Set when the pipeline gave no answer at all (every proposer failed). */
  error?: string;
};

export type ProposerSummary = {
  modelId: string;
  name: string;
  byCategory: Record<string, Tally>;
  overall: Tally;
  /** Pairs whose orders gave opposite winners (counted as ties). */
  ordersDisagreed: number;
  /** Prompts without a judged pair (no single answer, or the judge failed). */
  skipped: number;
  cost: SideCost & { prompts: number };
};

export type EvalReport = {
  prompts: number;
  proposers: Array<{ id: string; name: string }>;
  aggregator: { id: string; name: string } | undefined;
  judge: { id: string; name: string };
  warnings: string[];
  summaries: ProposerSummary[];
  fusedCost: SideCost & { prompts: number };
  judgeCost: SideCost;
  results: PromptResult[];
};

/** A model failure the pipeline logged (no prompt, no body: see describeProviderError). */
type LoggedFailure = { modelId?: string; role?: string; outcome?: string; kind?: string; status?: number; code?: string };

/** A logger for the pipeline that keeps model failures for the report and writes nothing anywhere. */
function failureLog(failures: LoggedFailure[]): FastifyBaseLogger {
  return pino(
    { level: 'warn' },
    {
      write: (line: string) => {
        const entry = JSON.parse(line) as LoggedFailure & { msg?: string };
        if (entry.msg === 'model call failed') failures.push(entry);
      },
    },
  ) as unknown as FastifyBaseLogger;
}

const sumCost = (costs: SideCost[]): SideCost => ({
  tokens: costs.reduce((n, c) => n + c.tokens, 0),
  costInr: costs.some((c) => c.costInr === null) ? null : costs.reduce((n, c) => n + (c.costInr ?? 0), 0),
});

/** A failure with no HTTP status was the network's: the provider could not be reached. */
/** A call that never reached its provider: a network error code, or a provider call error with no HTTP status. */
const unreachable = (f: LoggedFailure) =>
  f.outcome === 'failed' && (f.code !== undefined || (f.kind === 'APICallError' && f.status === undefined));

/**
 * Runs one prompt: the full pipeline (whose proposers each answer alone first, so their answers are the
 * single answers), then the judge on the fused answer against each single answer, in both orders.
 */
async function evalPrompt(p: EvalPrompt, models: EvalModels, signal: AbortSignal, warn: (w: string) => void): Promise<PromptResult> {
  const meter: Meter = [];
  const failures: LoggedFailure[] = [];
  const registry = meteredRegistry(models.registry, meter);
  const proposers = registry.proposers();
  const spec = (id: string) => models.specs.find((s) => s.id === id);
  const name = (id: string) => spec(id)?.name ?? id;
  const reachFailures = () =>
    failures.filter(unreachable).map((f) => {
      const s = spec(f.modelId ?? '');
      return s ? `could not reach ${s.name} at ${whereServed(s)}${f.code ? ` (${f.code})` : ''}` : `could not reach ${f.modelId}`;
    });
  const base = { id: p.id, category: p.category, judge: { tokens: 0, costInr: 0 } };
  let result: Awaited<ReturnType<typeof generateAnswer>>;
  try {
    result = await generateAnswer({
      registry,
      models: proposers,
      system: GENERAL_SYSTEM,
      question: p.prompt,
      history: [],
      signal,
      log: failureLog(failures),
    });
  } catch (err) {
    if (err instanceof AllModelsFailed) {
      const reach = reachFailures();
      if (reach.length === proposers.length) throw new EvalUserError(reach.join('\n'));
      const detail = err.answers.map((a) => `${a.name}: ${a.error?.code ?? a.status}`).join(', ');
      warn(`prompt ${p.id}: every proposer failed (${detail})`);
      const pairs = proposers.map((m): PairResult => ({ modelId: m.id, status: 'no-answer', detail: 'every proposer failed' }));
      return { ...base, message: 'All models failed', fused: { text: '', tokens: 0, costInr: null }, singles: [], pairs, error: detail };
    }
    if (err instanceof AppError) throw new EvalUserError(`prompt ${p.id}: ${err.detail}`);
    throw err;
  }
  for (const r of reachFailures()) warn(`prompt ${p.id}: ${r}`);
  if (failures.some((f) => f.role === 'aggregator')) warn(`prompt ${p.id}: the fusion failed; the fused side is the first answer`);
  if (failures.some((f) => f.role === 'judge' && !unreachable(f)))
    warn(`prompt ${p.id}: the fusion's analysis failed; the answer was fused without it`);

  const costOf = (modelId: string) => {
    const calls = meter.filter((c) => c.modelId === modelId);
    const costs = calls.map((c) => callCostInr(models.prices, modelId, c.usage));
    return calls.length === 0 || costs.some((c) => c === null) ? null : costs.reduce((n: number, c) => n + (c ?? 0), 0);
  };
  const fusedByModel = result.byModel.map((m) => ({ tokens: m.tokens, costInr: costOf(m.modelId) }));
  const fused = { text: result.response.data.best_output, ...sumCost(fusedByModel) };

  const singles: PromptResult['singles'] = [];
  for (const m of proposers) {
    const answers = result.answers.filter((a) => a.modelId === m.id && a.status === 'done');
    const first = answers[0];
    if (!first) continue;
    const cost = costOf(m.id);
    singles.push({
      modelId: m.id,
      name: first.name,
      text: first.text,
      tokens: first.tokens ?? 0,
      costInr: cost === null ? null : cost / answers.length,
    });
  }

  const judgeCalls: SideCost[] = [];
  const pairs = await Promise.all(
    proposers.map(async (m): Promise<PairResult> => {
      const single = singles.find((s) => s.modelId === m.id);
      if (!single) {
        const failed = result.answers.find((a) => a.modelId === m.id);
        return { modelId: m.id, status: 'no-answer', detail: failed?.error?.code ?? 'no answer' };
      }
      try {
        const { usage, ...judged } = await judgePair({
          judge: models.judge,
          question: p.prompt,
          fused: fused.text,
          single: single.text,
          signal,
        });
        judgeCalls.push({ tokens: usage.inputTokens + usage.outputTokens, costInr: callCostInr(models.prices, models.judge.id, usage) });
        return { modelId: m.id, status: 'judged', ...judged };
      } catch (err) {
        if (signal.aborted) throw err;
        const failure = describeProviderError(err);
        const judgeSpec = spec(models.judge.id);
        if (failure.kind === 'APICallError' && failure.status === undefined && judgeSpec)
          throw new EvalUserError(
            `could not reach the judge ${judgeSpec.name} at ${whereServed(judgeSpec)}${failure.code ? ` (${failure.code})` : ''}`,
          );
        const detail = `${failure.kind}${failure.status ? ` ${failure.status}` : ''}`;
        warn(`prompt ${p.id}: the judge failed on the pair with ${name(m.id)} (${detail}); pair skipped`);
        return { modelId: m.id, status: 'judge-failed', detail };
      }
    }),
  );
  return { ...base, message: result.response.message, fused, singles, pairs, judge: sumCost(judgeCalls) };
}

/** Runs `items` through `work` with at most `concurrency` at once, keeping their order. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Per proposer: win/tie/loss of the fused answer per category and overall, and each side's cost. */
export function summarise(results: PromptResult[], proposers: Array<{ id: string; name: string }>): ProposerSummary[] {
  return proposers.map((m) => {
    const judged = results.flatMap((r) => {
      const pair = r.pairs.find((x) => x.modelId === m.id);
      return pair?.status === 'judged' ? [{ category: r.category, pair }] : [];
    });
    const categories = [...new Set(results.map((r) => r.category))];
    const byCategory: Record<string, Tally> = {};
    for (const c of categories) byCategory[c] = tally(judged.filter((j) => j.category === c).map((j): Verdict => j.pair.verdict));
    const singles = results.flatMap((r) => r.singles.filter((s) => s.modelId === m.id));
    return {
      modelId: m.id,
      name: m.name,
      byCategory,
      overall: tally(judged.map((j) => j.pair.verdict)),
      ordersDisagreed: judged.filter((j) => j.pair.ordersDisagreed).length,
      skipped: results.length - judged.length,
      cost: { ...sumCost(singles), prompts: singles.length },
    };
  });
}

/** The harness: every prompt through the pipeline and the judge, then the summary. */
export async function runEval({
  prompts,
  models,
  concurrency = 2,
  signal = new AbortController().signal,
  onProgress,
}: {
  prompts: EvalPrompt[];
  models: EvalModels;
  concurrency?: number;
  signal?: AbortSignal;
  /** Called after each prompt (done of total) and with each warning. */
  onProgress?: (event: { done: number; total: number } | { warning: string }) => void;
}): Promise<EvalReport> {
  let proposers: Array<{ id: string; name: string }>;
  try {
    proposers = models.registry.proposers().map((m) => ({ id: m.id, name: m.name }));
  } catch (err) {
    if (err instanceof AppError) throw new EvalUserError(`no proposer can answer: ${err.detail}`);
    throw err;
  }
  const warnings = [...models.warnings];
  const warn = (warning: string) => {
    warnings.push(warning);
    onProgress?.({ warning });
  };
  let done = 0;
  const results = await pool(prompts, concurrency, async (p) => {
    const r = await evalPrompt(p, models, signal, warn);
    onProgress?.({ done: ++done, total: prompts.length });
    return r;
  });
  const answered = results.filter((r) => !r.error);
  return {
    prompts: results.length,
    proposers,
    aggregator: models.aggregator,
    judge: { id: models.judge.id, name: models.judge.name },
    warnings,
    summaries: summarise(results, proposers),
    fusedCost: { ...sumCost(answered.map((r) => r.fused)), prompts: answered.length },
    judgeCost: sumCost(results.map((r) => r.judge)),
    results,
  };
}

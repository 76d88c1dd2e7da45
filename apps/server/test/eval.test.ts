import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeLlm, type FakeRequest, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvalModels } from '@/eval/eval-models';
import type { Tally } from '@/eval/eval-stats';
import type { EvalPrompt } from '@/eval/prompt-set';
import { type EvalReport, runEval } from '@/eval/run-eval';

/**
 * The harness end to end against the fake upstream. Proposer alpha writes a GOOD answer, beta a bad
 * one, the aggregator a FUSED one; the judge's replies are scripted per case so every verdict is known:
 *   fused-wins     the judge prefers the fused answer in both orders       → win vs alpha, win vs beta
 *   position-bias  the judge always picks Answer 1 (orders disagree)       → tie vs both
 *   good-single    GOOD > FUSED > bad                                      → loss vs alpha, win vs beta
 *   tie-once       vs GOOD: tie when fused is first, fused when second     → tie vs alpha, win vs beta
 *   beta-down      beta answers 400, so the "fused" answer is alpha's own  → tie vs alpha, beta skipped
 */
const PROMPTS: EvalPrompt[] = [
  { id: 'p1', category: 'Coding', prompt: 'Sort a list in place [case:fused-wins]' },
  { id: 'p2', category: 'Coding', prompt: 'Reverse a linked list [case:position-bias]' },
  { id: 'p3', category: 'Writing', prompt: 'A haiku on rain [case:good-single]' },
  { id: 'p4', category: 'Writing', prompt: 'A polite refusal email [case:tie-once]' },
  { id: 'p5', category: 'Reasoning', prompt: 'Twelve coins puzzle [case:beta-down]' },
];

const textOf = (req: FakeRequest) => req.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');

/** The scripted judge: reads the two blind answers and the case, replies with the structured verdict. */
function judgeReply(req: FakeRequest) {
  const user = textOf(req);
  const first = user.split('### Answer 1\n')[1]?.split('\n\n### Answer 2')[0] ?? '';
  const second = user.split('### Answer 2\n')[1]?.split('\n\nWhich answer')[0] ?? '';
  const kase = user.match(/\[case:([\w-]+)\]/)?.[1];
  const rank = (text: string) =>
    text.startsWith('FUSED') ? (kase === 'good-single' ? 2 : 3) : text.startsWith('GOOD') ? (kase === 'good-single' ? 3 : 2) : 1;
  let winner: '1' | '2' | 'tie' = rank(first) > rank(second) ? '1' : rank(first) < rank(second) ? '2' : 'tie';
  if (kase === 'position-bias') winner = '1';
  if (kase === 'tie-once' && first.startsWith('FUSED') && second.startsWith('GOOD')) winner = 'tie';
  return JSON.stringify({ winner, reason: `scripted ${kase}` });
}

let fake: FakeLlm;
let dir: string;
let modelsFile: string;

beforeAll(async () => {
  fake = await startFakeLlm();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-eval-'));
  const m = (id: string, name: string, roles: string[], price?: unknown) => ({
    id,
    name,
    provider: 'openai-compatible',
    model: id,
    baseURL: `${fake.url}/v1`,
    roles,
    timeoutMs: 5000,
    ...(price ? { price } : {}),
  });
  modelsFile = path.join(dir, 'models.json');
  fs.writeFileSync(
    modelsFile,
    JSON.stringify({
      models: [
        m('alpha', 'Alpha GPT', ['proposer'], { input: 10, output: 30 }),
        m('beta', 'Beta Claude', ['proposer'], { input: 5, output: 15, currency: 'INR' }),
        m('fusion', 'Sangam Fusion', ['aggregator'], { input: 20, output: 60 }),
        m('judge', 'Judge Mistral', ['refiner'], { input: 1, output: 2, currency: 'USD' }),
      ],
    }),
  );
  fake.behave('alpha', { reply: (r) => `GOOD answer: ${textOf(r).slice(-30)}`, usage: { prompt_tokens: 100, completion_tokens: 50 } });
  fake.behave('beta', { reply: 'bad answer', usage: { prompt_tokens: 80, completion_tokens: 20 } });
  fake.behave('beta', { fail: 'http400', match: '[case:beta-down]' });
  fake.behave('fusion', { reply: 'FUSED answer from the candidates', usage: { prompt_tokens: 300, completion_tokens: 60 } });
  fake.behave('judge', { reply: judgeReply, usage: { prompt_tokens: 200, completion_tokens: 10 } });
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const quiet = pino({ level: 'silent' });
const counts = (t: Tally | undefined) => t && { n: t.n, win: t.win, tie: t.tie, loss: t.loss };

describe('npm run eval: the harness against scripted fakes', () => {
  let report: EvalReport;
  beforeAll(async () => {
    const models = createEvalModels({
      env: { MODELS_FILE: modelsFile, LOCAL_MODEL: 'off', USD_INR_RATE: '85' },
      judgeId: 'judge',
      log: quiet,
    });
    report = await runEval({ prompts: PROMPTS, models, concurrency: 2 });
  });

  it('counts win, tie and loss of the fused answer per category and overall, both orders agreeing or a tie', () => {
    const tally = (n: number, win: number, tie: number, loss: number) => ({ n, win, tie, loss });
    const expected = [
      {
        name: 'Alpha GPT',
        overall: tally(5, 1, 3, 1),
        byCategory: { Coding: tally(2, 1, 1, 0), Writing: tally(2, 0, 1, 1), Reasoning: tally(1, 0, 1, 0) },
        ordersDisagreed: 1,
        skipped: 0,
      },
      {
        name: 'Beta Claude',
        overall: tally(4, 3, 1, 0),
        byCategory: { Coding: tally(2, 1, 1, 0), Writing: tally(2, 2, 0, 0), Reasoning: tally(0, 0, 0, 0) },
        ordersDisagreed: 1,
        skipped: 1,
      },
    ];
    for (const [i, want] of expected.entries()) {
      const summary = report.summaries[i];
      expect(summary?.name).toBe(want.name);
      expect(counts(summary?.overall)).toEqual(want.overall);
      for (const [category, tallied] of Object.entries(want.byCategory)) expect(counts(summary?.byCategory[category])).toEqual(tallied);
      expect(summary?.ordersDisagreed).toBe(want.ordersDisagreed);
      expect(summary?.skipped).toBe(want.skipped);
    }
  });

  it('reports a failed analysis step as such (the scripted fusion model answers it with plain text), never as unreachable', () => {
    expect(report.warnings.filter((w) => w.includes('could not reach'))).toEqual([]);
    expect(report.warnings).toContain("prompt p1: the fusion's analysis failed; the answer was fused without it");
  });

  it('records each order of a position-swap disagreement and of a one-sided tie', () => {
    const pair = (id: string, model: string) => report.results.find((r) => r.id === id)?.pairs.find((p) => p.modelId === model);
    expect(pair('p2', 'alpha')).toMatchObject({ status: 'judged', orders: ['win', 'loss'], verdict: 'tie', ordersDisagreed: true });
    expect(pair('p4', 'alpha')).toMatchObject({ status: 'judged', orders: ['tie', 'win'], verdict: 'tie', ordersDisagreed: false });
    expect(pair('p3', 'alpha')).toMatchObject({
      orders: ['loss', 'loss'],
      verdict: 'loss',
      reasons: ['scripted good-single', 'scripted good-single'],
    });
    expect(pair('p5', 'beta')).toMatchObject({ status: 'no-answer', detail: 'MODEL_FAILED' });
    expect(report.results.find((r) => r.id === 'p5')?.message).toBe('Answered by one model');
  });

  it('gives 95 % Wilson intervals for every rate', () => {
    const [alpha, beta] = report.summaries;
    const close = (r: { rate: number; low: number; high: number } | undefined, [rate, low, high]: number[]) => {
      expect(r?.rate).toBeCloseTo(rate ?? Number.NaN, 6);
      expect(r?.low).toBeCloseTo(low ?? Number.NaN, 6);
      expect(r?.high).toBeCloseTo(high ?? Number.NaN, 6);
    };
    close(alpha?.overall.winRate, [0.2, 0.036224, 0.624465]);
    close(alpha?.overall.tieRate, [0.6, 0.230724, 0.882379]);
    close(alpha?.overall.lossRate, [0.2, 0.036224, 0.624465]);
    close(beta?.overall.winRate, [0.75, 0.300642, 0.954413]);
    close(beta?.overall.tieRate, [0.25, 0.045587, 0.699358]);
    close(beta?.overall.lossRate, [0, 0, 0.489891]);
    close(beta?.byCategory.Writing?.winRate, [1, 0.34238, 1]);
    close(beta?.byCategory.Reasoning?.winRate, [0, 0, 1]);
  });

  it('costs each side in tokens and rupees at the models file prices (USD converted)', () => {
    // Per call: alpha 150 tokens ₹0.0025, beta 100 ₹0.0007, fusion 360 ₹0.0096, judge 210 ₹0.0187 (USD at 85).
    // Fused: four fused prompts (alpha + beta + fusion) and p5 answered by alpha alone.
    expect(report.fusedCost.prompts).toBe(5);
    expect(report.fusedCost.tokens).toBe(4 * 610 + 150);
    expect(report.fusedCost.costInr).toBeCloseTo(4 * 0.0128 + 0.0025, 10);
    const [alpha, beta] = report.summaries;
    expect(alpha?.cost).toMatchObject({ prompts: 5, tokens: 750 });
    expect(alpha?.cost.costInr).toBeCloseTo(0.0125, 10);
    expect(beta?.cost).toMatchObject({ prompts: 4, tokens: 400 });
    expect(beta?.cost.costInr).toBeCloseTo(0.0028, 10);
    // Nine judged pairs, two orders each.
    expect(report.judgeCost.tokens).toBe(18 * 210);
    expect(report.judgeCost.costInr).toBeCloseTo(18 * 0.0187, 10);
  });

  it('keeps model names away from the judge: it sees only "Answer 1" and "Answer 2"', () => {
    const judged = fake.requests.filter((r) => r.model === 'judge');
    expect(judged).toHaveLength(18);
    for (const r of judged) {
      expect(textOf(r)).toContain('### Answer 1');
      expect(textOf(r)).not.toMatch(/Alpha GPT|Beta Claude|Sangam Fusion|Judge Mistral/);
    }
  });
});

/**
 * Runs the command line: the root script as a user would (`npm run eval`), or the same entry point
 * with tsx directly (faster); resolves with its exit code and output.
 */
function runCli(args: string[], env: Record<string, string>, { viaNpm = false } = {}) {
  const root = path.resolve(import.meta.dirname, '../../..');
  const {
    OPENAI_API_KEY,
    ANTHROPIC_API_KEY,
    GOOGLE_GENERATIVE_AI_API_KEY,
    GROQ_API_KEY,
    DEEPSEEK_API_KEY,
    MISTRAL_API_KEY,
    OPENROUTER_API_KEY,
    MODELS_FILE,
    ...clean
  } = process.env;
  const [command, ...before] = viaNpm
    ? ['npm', 'run', '--silent', 'eval', '--']
    : [path.join(root, 'node_modules/.bin/tsx'), '--tsconfig', 'apps/server/tsconfig.json', 'apps/server/src/eval/eval-cli.ts'];
  const child = spawn(command as string, [...before, ...args], {
    cwd: root,
    env: { ...clean, LOCAL_MODEL: 'off', USD_INR_RATE: '85', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('npm run eval: the command line', () => {
  it('prints the win/tie/loss table per category and the cost of each side, and writes --out', async () => {
    const prompts = path.join(dir, 'set.jsonl');
    fs.writeFileSync(prompts, `${PROMPTS.map((p) => JSON.stringify(p)).join('\n')}\n`);
    const out = path.join(dir, 'out.json');
    const res = await runCli(
      ['--prompts', prompts, '--judge', 'judge', '--out', out, '--concurrency', '3'],
      { MODELS_FILE: modelsFile },
      { viaNpm: true },
    );
    expect(res.stderr).not.toMatch(/^\s+at /m);
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toBe('Sangam fusion eval: 5 prompts; proposers Alpha GPT, Beta Claude; aggregator Sangam Fusion; judge Judge Mistral');
    const table = (name: string) => lines.slice(lines.indexOf(`Sangam (fused) vs ${name}`), lines.indexOf(`Sangam (fused) vs ${name}`) + 7);
    expect(table('Alpha GPT')).toEqual([
      'Sangam (fused) vs Alpha GPT',
      '  category               n  win              tie              loss',
      '  Coding                 2  50% [9%–91%]     50% [9%–91%]     0% [0%–66%]',
      '  Reasoning              1  0% [0%–79%]      100% [21%–100%]  0% [0%–79%]',
      '  Writing                2  0% [0%–66%]      50% [9%–91%]     50% [9%–91%]',
      '  Overall                5  20% [4%–62%]     60% [23%–88%]    20% [4%–62%]',
      '  orders disagreed (counted as ties): 1; prompts without a judged pair: 0',
    ]);
    expect(table('Beta Claude')).toContain('  Reasoning              0  – (no judged pair)');
    expect(table('Beta Claude')).toContain('  Overall                4  75% [30%–95%]    25% [5%–70%]     0% [0%–49%]');
    expect(res.stdout).toContain('  Sangam (fused, all calls)          5      2,590         518  ₹0.05');
    expect(res.stdout).toContain('  Alpha GPT alone                    5        750         150  ₹0.01');
    expect(res.stdout).toContain('  judge (the evaluation)             5      3,780         756  ₹0.34');
    // The prompts themselves are never printed.
    for (const p of PROMPTS) expect(res.stdout + res.stderr).not.toContain(p.prompt);
    const saved = JSON.parse(fs.readFileSync(out, 'utf8')) as EvalReport;
    expect(saved.summaries[0]?.overall).toMatchObject({ n: 5, win: 1, tie: 3, loss: 1 });
  });

  it('warns when the judge is the aggregator (no --judge, no judge role)', async () => {
    const prompts = path.join(dir, 'one.json');
    fs.writeFileSync(prompts, JSON.stringify([{ id: 'x1', category: 'Creative', prompt: 'A limerick [case:fused-wins]' }]));
    // The aggregator answers the judge's questions with a verdict too.
    fake.behave('fusion', { reply: judgeReply, match: '### Answer 1' });
    const res = await runCli(['--prompts', prompts], { MODELS_FILE: modelsFile });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('warning: the judge is the aggregator (Sangam Fusion): expect a bias towards the fused answer');
    expect(res.stdout).toContain('judge Sangam Fusion');
  });

  it('explains a user error on one line, without a stack trace, and exits with 2', async () => {
    const res = await runCli(['--prompts', '/nonexistent/set.json'], { MODELS_FILE: modelsFile });
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('eval: prompt file not found: /nonexistent/set.json');
  });

  it('says which provider it could not reach before asking any model', async () => {
    const offline = path.join(dir, 'offline.json');
    const closed = await startFakeLlm();
    const url = `${closed.url}/v1`;
    await closed.close();
    fs.writeFileSync(offline, fs.readFileSync(modelsFile, 'utf8').replaceAll(`${fake.url}/v1`, url));
    const res = await runCli(['--judge', 'judge', '--limit', '1'], { MODELS_FILE: offline });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`eval: could not reach Alpha GPT, Beta Claude, Sangam Fusion, Judge Mistral at ${url} (ECONNREFUSED)`);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { combineOrders } from '@/eval/eval-judge';
import { familyOf, loadSpecs, pickJudge, readPrices } from '@/eval/eval-models';
import { assertWritable, parseEvalOptions } from '@/eval/eval-options';
import { wilson } from '@/eval/eval-stats';
import { DEFAULT_PROMPTS_FILE, limitPrompts, loadPromptSet, parsePromptSet } from '@/eval/prompt-set';
import type { ModelSpec } from '@/lib/llm/models-config';
import { USD_INR_RATE_DEFAULT } from '@/modules/agent/fusion/quorum';

describe('eval statistics and the verdict rule', () => {
  it('gives the 95 % Wilson score interval, inside 0..1 at the extremes', () => {
    const r = wilson(1, 5);
    expect([r.rate, r.low, r.high].map((x) => Number(x.toFixed(6)))).toEqual([0.2, 0.036224, 0.624465]);
    expect(wilson(0, 4)).toMatchObject({ rate: 0, low: 0 });
    expect(wilson(0, 4).high).toBeCloseTo(0.489891, 6);
    expect(wilson(2, 2)).toMatchObject({ rate: 1, high: 1 });
    expect(wilson(2, 2).low).toBeCloseTo(0.34238, 5);
    expect(wilson(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
  });

  it('calls a pair a win or a loss only when both orders agree', () => {
    expect(combineOrders('win', 'win')).toBe('win');
    expect(combineOrders('loss', 'loss')).toBe('loss');
    expect(combineOrders('win', 'loss')).toBe('tie');
    expect(combineOrders('loss', 'win')).toBe('tie');
    expect(combineOrders('win', 'tie')).toBe('tie');
    expect(combineOrders('tie', 'tie')).toBe('tie');
  });
});

describe('eval prompt sets', () => {
  it('ships 50 valid prompts balanced over the nine task categories of the leaderboard', () => {
    const prompts = loadPromptSet(DEFAULT_PROMPTS_FILE);
    expect(prompts).toHaveLength(50);
    const per = new Map<string, number>();
    for (const p of prompts) per.set(p.category, (per.get(p.category) ?? 0) + 1);
    expect([...per.keys()].sort()).toEqual(
      [
        'Coding',
        'Creative',
        'Data & Analytics',
        'Decision & Advisory',
        'Instructional',
        'Latest News',
        'Multi-modal',
        'Reasoning',
        'Writing',
      ].sort(),
    );
    for (const n of per.values()) expect(n === 5 || n === 6).toBe(true);
  });

  it('takes a limit in turn from each category', () => {
    const prompts = loadPromptSet(DEFAULT_PROMPTS_FILE);
    const nine = limitPrompts(prompts, 9);
    expect(new Set(nine.map((p) => p.category)).size).toBe(9);
    expect(
      limitPrompts(prompts, 11)
        .map((p) => p.id)
        .slice(9),
    ).toEqual(['coding-02', 'reasoning-02']);
  });

  it('reads JSON Lines and JSON arrays and names every mistake', () => {
    expect(
      parsePromptSet('{"id":"a","category":"Coding","prompt":"x"}\n\n{"id":"b","category":"Writing","prompt":"y"}\n', 's.jsonl'),
    ).toHaveLength(2);
    expect(parsePromptSet('{"prompts":[{"id":"a","category":"Coding","prompt":"x"}]}', 's.json')).toHaveLength(1);
    expect(() => parsePromptSet('{"id":"a"\n', 's.jsonl')).toThrow(/^s\.jsonl line 1 is not valid JSON/);
    expect(() => parsePromptSet('[{"id":"a","category":"Cooking","prompt":""}]', 's.json')).toThrow(
      /s\.json is not a valid prompt set[\s\S]*0\.category: [\s\S]*0\.prompt: /,
    );
    expect(() =>
      parsePromptSet('[{"id":"a","category":"Coding","prompt":"x"},{"id":"a","category":"Coding","prompt":"y"}]', 's.json'),
    ).toThrow('1.id: duplicate id a');
    expect(() => parsePromptSet('[]', 's.json')).toThrow(/the set has no prompt/);
    expect(() => loadPromptSet('/nonexistent/set.json')).toThrow('prompt file not found: /nonexistent/set.json');
  });
});

describe('eval options and models', () => {
  it('parses the options and rejects bad ones clearly', () => {
    expect(parseEvalOptions(['--limit', '3', '--judge', 'j', '--concurrency', '4'])).toMatchObject({
      limit: 3,
      judge: 'j',
      concurrency: 4,
      prompts: DEFAULT_PROMPTS_FILE,
    });
    expect(parseEvalOptions([])).toMatchObject({ concurrency: 2, limit: undefined });
    expect(() => parseEvalOptions(['--limit', 'ten'])).toThrow('--limit must be a whole number from 1 to 100000 (got "ten")');
    expect(() => parseEvalOptions(['--concurrency', '0'])).toThrow('--concurrency must be a whole number from 1 to 32');
    expect(() => parseEvalOptions(['--bogus'])).toThrow(/Unknown option '--bogus'[\s\S]*usage: npm run eval/);
    expect(() => assertWritable('/nonexistent/out.json')).toThrow(
      '--out /nonexistent/out.json: its folder does not exist or is not writable',
    );
    expect(() => assertWritable(path.join(os.tmpdir(), 'out.json'))).not.toThrow();
  });

  it('explains a missing, unparsable or empty model configuration', () => {
    expect(() => loadSpecs({ MODELS_FILE: '/nonexistent/models.yaml' })).toThrow(
      'models file not found: /nonexistent/models.yaml (MODELS_FILE)',
    );
    expect(() => loadSpecs({})).toThrow(/^no models configured: set MODELS_FILE/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-eval-unit-'));
    const bad = path.join(dir, 'models.json');
    fs.writeFileSync(bad, '{"models": [');
    expect(() => loadSpecs({ MODELS_FILE: bad })).toThrow(`could not parse MODELS_FILE ${bad}:`);
    fs.writeFileSync(bad, '{"models": [{"id": "a"}]}');
    expect(() => loadSpecs({ MODELS_FILE: bad })).toThrow(/^Invalid MODELS_FILE .*\n {2}models\.0\.name/);
    fs.rmSync(dir, { recursive: true });
  });

  it('reads prices in rupees, converts USD at the configured rate, and tolerates their absence', () => {
    const raw = {
      models: [
        { id: 'a', price: { input: 10, output: 30 } },
        { id: 'b', price: { input: 1, output: 2, currency: 'USD' } },
        { id: 'c' },
        { id: 'd', price: '5 rupees' },
      ],
    };
    const { prices, warnings } = readPrices(raw, { USD_INR_RATE: '80' });
    expect(Object.fromEntries(prices)).toEqual({ a: { input: 10, output: 30 }, b: { input: 80, output: 160 } });
    expect(warnings).toEqual(['model d: price not understood (expected { input, output, currency }); counted in tokens only']);
    expect(readPrices({ models: [{ id: 'b', price: { input: 1, output: 2, currency: 'USD' } }] }, {}).prices.get('b')).toEqual({
      input: USD_INR_RATE_DEFAULT,
      output: 2 * USD_INR_RATE_DEFAULT,
    });
    expect(readPrices(undefined, {}).prices.size).toBe(0);
  });

  it('tells model families apart and warns when the judge is the aggregator or of its family', () => {
    expect(familyOf({ provider: 'openai', model: 'gpt-4o' })).toBe('openai');
    expect(familyOf({ provider: 'openrouter', model: 'anthropic/claude-3.5-sonnet' })).toBe('anthropic');
    expect(familyOf({ provider: 'groq', model: 'llama-3.3-70b-versatile' })).toBe('meta');
    expect(familyOf({ provider: 'openai-compatible', model: 'qwen2.5:7b' })).toBe('qwen');
    expect(familyOf({ provider: 'openai-compatible', model: 'someorg/foo-7b' })).toBe('someorg');
    const spec = (id: string, provider: ModelSpec['provider'], model: string, roles: ModelSpec['roles']): ModelSpec => ({
      id,
      name: id.toUpperCase(),
      provider,
      model,
      roles,
      samples: 1,
      vision: false,
      timeoutMs: 60_000,
      enabled: true,
    });
    const specs = [
      spec('gpt', 'openai', 'gpt-4o', ['proposer', 'aggregator']),
      spec('mini', 'openai', 'gpt-4o-mini', ['refiner']),
      spec('claude', 'anthropic', 'claude-3-5-haiku', ['proposer']),
    ];
    const own = pickJudge({ specs, aggregatorId: 'gpt' });
    expect(own.judge.id).toBe('gpt');
    expect(own.warnings).toEqual([
      'no --judge and no model with role judge: the aggregator GPT judges its own fused answers',
      'the judge is the aggregator (GPT): expect a bias towards the fused answer; pass --judge <id> of another family',
      'the judge GPT is also a proposer: it compares its own answers',
    ]);
    expect(pickJudge({ specs, judgeId: 'mini', aggregatorId: 'gpt' }).warnings).toEqual([
      "the judge MINI is of the aggregator's family (openai): expect a bias towards the fused answer; pass --judge <id> of another family",
    ]);
    expect(pickJudge({ specs, judgeId: 'claude', aggregatorId: 'gpt' }).warnings).toEqual([
      'the judge CLAUDE is also a proposer: it compares its own answers',
    ]);
    const withRole = [
      ...specs,
      { ...spec('j', 'google', 'gemini-2.0-flash', ['refiner']), roles: ['judge'] as unknown as ModelSpec['roles'] },
    ];
    expect(pickJudge({ specs: withRole, aggregatorId: 'gpt' })).toMatchObject({ judge: { id: 'j' }, warnings: [] });
    expect(() => pickJudge({ specs, judgeId: 'nobody' })).toThrow(
      '--judge nobody: no enabled model with that id (models: gpt, mini, claude)',
    );
  });
});

import type { AgentStreamEvent } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { answerToRead, applyToolEvent, finishRun, idleRun, isAwaitingAnswer, type ToolRun } from '@/lib/agent/tool-run';

const start = (model: string): AgentStreamEvent => ({ event: 'model-start', data: { model, name: model } });
const delta = (model: string, text: string): AgentStreamEvent => ({ event: 'model-delta', data: { model, name: model, delta: text } });
const fail = (model: string): AgentStreamEvent => ({
  event: 'model-error',
  data: { model, name: model, code: 'MODEL_FAILED', detail: 'It failed.' },
});
const play = (events: AgentStreamEvent[], run: ToolRun = idleRun('loading')) => {
  const read: string[] = [];
  for (const e of events) {
    run = applyToolEvent(run, e);
    read.push(answerToRead(run));
  }
  return { run, read };
};

describe('answerToRead: the answer is typed once, never a draft that fusion replaces', () => {
  it('while several models write their drafts there is nothing to read yet; the fused answer is read from its first words', () => {
    const { run, read } = play([
      start('alpha'),
      start('beta'),
      delta('alpha', 'Alpha draft'),
      delta('beta', 'Beta draft'),
      { event: 'fusion-start', data: { model: 'fusion', name: 'Fusion' } },
      { event: 'fusion-delta', data: { delta: 'Fused ' } },
      { event: 'fusion-delta', data: { delta: 'answer' } },
    ]);
    expect(read).toEqual(['', '', '', '', '', 'Fused ', 'Fused answer']);
    expect(isAwaitingAnswer(run)).toBe(false);
    // Every text read grows from the one before: nothing shrinks and starts again.
    for (let i = 1; i < read.length; i += 1) expect(read[i]?.startsWith(read[i - 1] ?? '')).toBe(true);
    expect(answerToRead(finishRun(run, { text: 'Fused answer (checked)', facts: undefined }))).toBe('Fused answer (checked)');
  });

  it('the drafts are status only: the run awaits its answer while they stream', () => {
    const { run } = play([start('alpha'), start('beta'), delta('alpha', 'Draft')]);
    expect(run.status).toBe('streaming');
    expect(isAwaitingAnswer(run)).toBe(true);
  });

  it('a single model, or the only one left when the others failed, is the answer and is read as it streams', () => {
    expect(play([start('alpha'), delta('alpha', 'Only')]).read.at(-1)).toBe('Only');
    const { read } = play([start('alpha'), start('beta'), delta('alpha', 'A1'), fail('beta'), delta('alpha', 'A2')]);
    expect(read).toEqual(['', '', '', 'A1', 'A1A2']);
  });

  it('nothing is read while queued, asked or failed', () => {
    expect(answerToRead(idleRun('queued'))).toBe('');
    expect(answerToRead(idleRun('loading'))).toBe('');
    expect(answerToRead({ ...idleRun('failed'), text: 'partial' })).toBe('');
  });
});

import type { FastifyReply } from 'fastify';
import { startEventStream, turnWriter } from '@/lib/event-stream-head';
import { applyStop, type CompletionPlan, stopPrefixLength } from '@/modules/openai/completion-request';
import { responseModel, sangamOf, usageOf } from '@/modules/openai/completion-response';
import type { OpenAiError } from '@/modules/openai/openai-error';
import type { EngineProgress, EngineResult } from '@/modules/openai/sangam-engine';

/** A quiet stream shows it is alive this often (proxies close idle connections). */
const KEEPALIVE_MS = 10_000;

/**
 * A `chat.completion.chunk` stream: the role chunk of every choice at once, `: panel k/n done`
 * comments while the panel runs, the text as content deltas (cut at a stop sequence), then the
 * finish chunks, one chunk with `usage` and the `sangam` metadata, and `data: [DONE]`.
 */
export function openCompletionStream(
  reply: FastifyReply,
  { id, created, plan, choices }: { id: string; created: number; plan: CompletionPlan; choices: number },
) {
  const res = startEventStream(reply);
  const open = () => !res.writableEnded && !res.destroyed;
  const writer = turnWriter(res);
  const write = writer.write;
  const chunk = (model: string, list: unknown[], extra: Record<string, unknown> = {}) =>
    write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices: list, ...extra })}\n\n`,
    );
  // Per choice: the text received so far (cut at a stop sequence), how much of it went out, and
  // whether a stop sequence ended it.
  const sent = Array.from({ length: choices }, () => ({ text: '', out: 0, stopped: false }));
  chunk(
    plan.model,
    sent.map((_, index) => ({ index, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null })),
  );
  const keepalive = setInterval(() => write(': keep-alive\n\n'), KEEPALIVE_MS);
  keepalive.unref();

  /** Sends what is safe: up to a stop sequence, less any tail that may still become one. */
  const delta = (index: number, model: string, text: string, last = false) => {
    const s = sent[index];
    if (!s || s.stopped) return;
    const whole = s.text + text;
    const cut = applyStop(whole, plan.stop);
    if (cut.length < whole.length) s.stopped = true;
    s.text = cut;
    const safe = s.stopped || last ? cut.length : cut.length - stopPrefixLength(cut, plan.stop);
    const piece = cut.slice(s.out, safe);
    s.out = Math.max(s.out, safe);
    if (piece) chunk(model, [{ index, delta: { content: piece }, logprobs: null, finish_reason: null }]);
  };
  const progress: EngineProgress = {
    panel: (done, total) => write(`: panel ${done}/${total} done\n\n`),
    delta,
  };
  const close = () => {
    clearInterval(keepalive);
    writer.end();
  };
  return {
    progress,
    isOpen: open,
    /** The rest of each choice's text (what was not streamed), the finish chunks, usage and [DONE]. */
    finish(result: EngineResult) {
      result.choices.forEach((c, index) => {
        const s = sent[index];
        if (s && !s.stopped && c.text.startsWith(s.text)) delta(index, c.model, c.text.slice(s.text.length), true);
      });
      const model = responseModel(result, plan);
      chunk(
        model,
        result.choices.map((_, index) => ({ index, delta: {}, logprobs: null, finish_reason: 'stop' })),
      );
      chunk(model, [], { usage: usageOf(result, plan), sangam: sangamOf(result, plan) });
      write('data: [DONE]\n\n');
      close();
    },
    /** A failure after the stream began: OpenAI's error object as a data line, then [DONE]. */
    fail(error: OpenAiError) {
      write(`data: ${JSON.stringify(error.body)}\n\n`);
      write('data: [DONE]\n\n');
      close();
    },
    close,
  };
}

import type { ChatHistoryItem, Llama, LlamaContext, LlamaContextSequence, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { z } from 'zod';
import type { SequencePool } from '@/lib/llm/local-model/sequence-pool';
import type { ChatInput, ChatMessage, ModelClient, StreamResult } from '@/lib/llm/model-client';
import { collect } from '@/lib/llm/model-client';

type Lib = typeof import('node-llama-cpp');
export type LlamaParts = { lib: Lib; llama: Llama; model: LlamaModel; context: LlamaContext; pool: SequencePool<LlamaContextSequence> };

const textOf = (m: ChatMessage) =>
  typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join('');

/** The conversation before the last user message, as node-llama-cpp's chat history. */
function historyOf(system: string, messages: ChatMessage[]): { history: ChatHistoryItem[]; prompt: string } {
  const earlier = messages
    .slice(0, -1)
    .map((m): ChatHistoryItem => (m.role === 'user' ? { type: 'user', text: textOf(m) } : { type: 'model', response: [textOf(m)] }));
  const last = messages.at(-1);
  return { history: [{ type: 'system', text: system }, ...earlier], prompt: last ? textOf(last) : '' };
}

/**
 * Structured output's grammar with every string and list bounded, so a small model that never
 * closes a string still ends within its token budget.
 */
export function boundedJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(boundedJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key !== '$schema') out[key] = boundedJsonSchema(value);
  if (out.type === 'string' && out.enum === undefined && out.maxLength === undefined) out.maxLength = 200;
  if (out.type === 'array' && out.maxItems === undefined) out.maxItems = 8;
  return out;
}

/**
 * One chat turn on a sequence of its own (waiting in line for one): the sequence is freed the
 * moment the answer ends, fails or its signal aborts (Stop, a closed connection, shutdown).
 */
async function turn(
  parts: LlamaParts,
  { system, messages, signal, temperature }: ChatInput,
  { maxTokens, onText, grammar }: { maxTokens: number; onText?: (t: string) => void; grammar?: LlamaGrammar },
) {
  return parts.pool.use(signal, async (sequence) => {
    const chat = new parts.lib.LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
    const { history, prompt } = historyOf(system, messages);
    chat.setChatHistory(history);
    let outputTokens = 0;
    try {
      const text = await chat.prompt(prompt, {
        signal,
        maxTokens,
        ...(grammar ? { grammar } : {}),
        ...(temperature !== undefined ? { temperature } : {}),
        onToken: (tokens) => {
          outputTokens += tokens.length;
        },
        ...(onText ? { onTextChunk: onText } : {}),
      });
      const inputTokens = parts.model.tokenize(history.map((h) => ('text' in h ? String(h.text) : '')).join('\n') + prompt).length;
      return { text, usage: { inputTokens, outputTokens } };
    } finally {
      chat.dispose({ disposeSequence: false });
    }
  });
}

/** A ModelClient answering with the loaded llama.cpp model; `parts()` throws while it is not ready. */
export function createLlamaClient({ name, parts, maxTokens }: { name: string; parts: () => LlamaParts; maxTokens: number }): ModelClient {
  const client: ModelClient = {
    id: 'local',
    name,
    provider: 'local',
    vision: false,
    timeoutMs: 180_000,
    roles: ['proposer', 'aggregator', 'refiner'],
    stream: (input): StreamResult => {
      const chunks: string[] = [];
      let wake: (() => void) | undefined;
      let done = false;
      const onText = (t: string) => {
        chunks.push(t);
        wake?.();
      };
      const run = (async () => turn(parts(), input, { maxTokens: Math.min(maxTokens, input.maxOutputTokens ?? maxTokens), onText }))();
      void run
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => {
          done = true;
          wake?.();
        });
      async function* text() {
        for (;;) {
          const next = chunks.shift();
          if (next !== undefined) {
            yield next;
            continue;
          }
          if (done) break;
          await new Promise<void>((r) => {
            wake = r;
          });
        }
        await run;
      }
      // A failed answer fails its text stream; its usage is then nothing, never a second rejection.
      return {
        textStream: text(),
        usage: run.then(
          (r) => r.usage,
          () => ({ inputTokens: 0, outputTokens: 0 }),
        ),
      };
    },
    generate: (input) => collect(client.stream(input)),
    object: async ({ system, prompt, schema, signal }) => {
      const p = parts();
      const grammar = await p.llama.createGrammarForJsonSchema(boundedJsonSchema(z.toJSONSchema(schema)) as never);
      const { text, usage } = await turn(
        p,
        { system, messages: [{ role: 'user', content: prompt }], signal },
        { maxTokens: maxTokens * 4, grammar },
      );
      return { object: schema.parse(JSON.parse(text)), usage };
    },
  };
  return client;
}

import {
  type ChatCompletionRequest,
  chatCompletionRequestSchema,
  type OpenAiChatMessage,
  SANGAM_MODELS,
  type SangamExtension,
  type SangamModelId,
  UNSUPPORTED_FIELDS,
} from '@sangam/contracts';
import type { ChatMessage, ChatPart, ModelClient } from '@/lib/llm/model-client';
import type { ActiveKey } from '@/modules/openai/key-store';
import { OpenAiError } from '@/modules/openai/openai-error';

/** An image of the request: its bytes (checked and re-encoded before any model sees it). */
type RawImage = { data: Buffer };

/** A chat completion request, checked and in the engine's terms. */
export type CompletionPlan = {
  model: SangamModelId | string;
  /** The configured model of a pass-through request. */
  direct?: ModelClient;
  /** The system and developer messages joined (none: the engine's own system prompt). */
  system?: string;
  /** The conversation before the last user turn, as text. */
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  /** The last user turn's text and its first image. */
  question: string;
  image?: RawImage;
  stream: boolean;
  includeUsage: boolean;
  temperature?: number;
  /** `max_completion_tokens` (or the older `max_tokens`): the most tokens each answer may have. */
  maxTokens?: number;
  stop: string[];
  extension: SangamExtension;
  user?: string;
};

const textOf = (content: OpenAiChatMessage['content']): string =>
  content == null ? '' : typeof content === 'string' ? content : content.map((p) => ('text' in p ? p.text : '')).join('');

/** A data URL's bytes; remote image URLs are refused (Sangam does not fetch them). */
function imageOf(url: string, index: number): RawImage {
  const match = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(url);
  if (!match?.[1])
    throw new OpenAiError('invalid_request', {
      message: 'An image must be sent as a base64 data URL (data:image/png;base64,…).',
      param: `messages[${index}].content`,
    });
  return { data: Buffer.from(match[1], 'base64') };
}

/**
 * Reads a /v1/chat/completions body: a field Sangam does not serve is a 400 naming it; the model must
 * exist and be allowed for the key; `n` > 1 is refused (sangam/universe answers with one choice per
 * panel model instead); the last message must be the user's.
 */
export function readCompletionRequest(
  body: unknown,
  { key, models }: { key: ActiveKey; models: (id: string) => ModelClient | undefined },
): CompletionPlan {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new OpenAiError('invalid_request', { message: 'Send a JSON object with model and messages.' });
  for (const field of UNSUPPORTED_FIELDS)
    if ((body as Record<string, unknown>)[field] != null)
      throw new OpenAiError('unsupported_parameter', { message: `Sangam does not support \`${field}\`.`, param: field });
  const req: ChatCompletionRequest = chatCompletionRequestSchema.parse(body);
  const isSangam = (SANGAM_MODELS as readonly string[]).includes(req.model);
  const direct = isSangam ? undefined : models(req.model);
  if (!isSangam && !direct)
    throw new OpenAiError('model_not_found', { message: `No model \`${req.model}\`. GET /v1/models lists them.`, param: 'model' });
  if (key.allowedModels && !key.allowedModels.includes(req.model))
    throw new OpenAiError('model_not_allowed', { message: `This key may not call \`${req.model}\`.`, param: 'model' });
  if ((req.n ?? 1) > 1)
    throw new OpenAiError('unsupported_parameter', {
      message: 'n > 1 is not supported; sangam/universe answers with one choice per panel model.',
      param: 'n',
    });
  const ext = req.sangam ?? {};
  for (const [param, ids] of [
    ['sangam.panel', ext.panel ?? []],
    ['sangam.judge', ext.judge ? [ext.judge] : []],
    ['sangam.aggregator', ext.aggregator ? [ext.aggregator] : []],
  ] as const)
    for (const id of ids) if (!models(id)) throw new OpenAiError('model_not_found', { message: `No model \`${id}\`.`, param });

  const last = req.messages.at(-1);
  if (last?.role !== 'user')
    throw new OpenAiError('invalid_request', { message: 'The last message must be the user’s.', param: 'messages' });
  const system = req.messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => textOf(m.content))
    .join('\n\n');
  const turns = req.messages.filter((m) => m.role === 'user' || m.role === 'assistant');
  const history = turns
    .slice(0, -1)
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: textOf(m.content) }))
    .filter((t) => t.content.trim());
  const lastIndex = req.messages.length - 1;
  const imageUrl = Array.isArray(last.content)
    ? last.content.flatMap((p) => (p.type === 'image_url' ? [typeof p.image_url === 'string' ? p.image_url : p.image_url.url] : []))[0]
    : undefined;
  const question = textOf(last.content);
  if (!question.trim()) throw new OpenAiError('invalid_request', { message: 'The last user message has no text.', param: 'messages' });
  return {
    model: req.model,
    direct,
    system: system.trim() || undefined,
    history,
    question,
    image: imageUrl ? imageOf(imageUrl, lastIndex) : undefined,
    stream: Boolean(req.stream),
    includeUsage: Boolean(req.stream_options?.include_usage),
    temperature: req.temperature ?? undefined,
    maxTokens: req.max_completion_tokens ?? req.max_tokens ?? undefined,
    stop: req.stop == null ? [] : typeof req.stop === 'string' ? [req.stop] : req.stop,
    extension: ext,
    user: req.user,
  };
}

/** The conversation as the engine's messages (a pass-through call sends it whole). */
export function conversationOf(plan: CompletionPlan, image?: { data: Buffer; mediaType: string }): ChatMessage[] {
  const lastParts: ChatPart[] = image
    ? [
        { type: 'image', image: new Uint8Array(image.data), mediaType: image.mediaType },
        { type: 'text', text: plan.question },
      ]
    : [{ type: 'text', text: plan.question }];
  return [...plan.history, { role: 'user', content: image ? lastParts : plan.question }];
}

/**
 * How many characters at the end of `text` could be the start of a stop sequence: a stream holds
 * them back until the next delta tells (so a stop sequence split across deltas never leaks).
 */
export function stopPrefixLength(text: string, stop: string[]): number {
  let longest = 0;
  for (const s of stop)
    for (let k = Math.min(s.length - 1, text.length); k > longest; k -= 1)
      if (text.endsWith(s.slice(0, k))) {
        longest = k;
        break;
      }
  return longest;
}

/** Text cut at the first stop sequence. */
export function applyStop(text: string, stop: string[]): string {
  let end = text.length;
  for (const s of stop) {
    const at = s ? text.indexOf(s) : -1;
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(0, end);
}

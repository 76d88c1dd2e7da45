import type { ChatMessage, ModelAnswer } from '@sangam/contracts';
import { provisional } from '@/features/chat/hooks/use-live-answer';

/** Test data: one model's stored answer (Alpha GPT, done, in the fusion) with the fields a test names. */
export const answer = (a: Partial<ModelAnswer>): ModelAnswer => ({
  modelId: 'alpha',
  name: 'Alpha GPT',
  status: 'done',
  text: '',
  tokens: null,
  durationMs: null,
  error: null,
  isInFusion: true,
  ...a,
});

/** Test data: a stored assistant message (the fused answer to q1 in chat c) with the fields a test names. */
export const assistant = (m: Partial<ChatMessage>): ChatMessage =>
  provisional({ id: 'a1', chatId: 'c', parentId: 'q1', role: 'assistant', content: 'Fused', mode: 'universe', ...m });

import type { ChatMessage } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { activePath, latestLeaf, siblingsOf, toTurns } from '@/features/chat/lib/thread';

let clock = 0;
const msg = (id: string, parentId: string | null, role: 'user' | 'assistant'): ChatMessage => ({
  id,
  chatId: 'c',
  parentId,
  role,
  content: id,
  mode: 'sangam',
  status: 'done',
  refinedPrompt: null,
  facts: null,
  answers: [],
  createdAt: new Date(1_700_000_000_000 + clock++ * 1000).toISOString(),
});

// q1 -> a1 -> q2 -> a2 ; q2 edited as q2b -> a2b ; a1 regenerated as a1b
const messages = [
  msg('q1', null, 'user'),
  msg('a1', 'q1', 'assistant'),
  msg('q2', 'a1', 'user'),
  msg('a2', 'q2', 'assistant'),
  msg('q2b', 'a1', 'user'),
  msg('a2b', 'q2b', 'assistant'),
  msg('a1b', 'q1', 'assistant'),
];

describe('the message tree', () => {
  it('follows the active leaf up to the root', () => {
    expect(activePath(messages, 'a2').map((m) => m.id)).toEqual(['q1', 'a1', 'q2', 'a2']);
  });
  it('without an active leaf, shows the newest branch', () => {
    expect(activePath(messages, null).map((m) => m.id)).toEqual(['q1', 'a1b']);
  });
  it('pairs questions with their answers', () => {
    const turns = toTurns(activePath(messages, 'a2b'));
    expect(turns.map((t) => [t.user.id, t.assistant?.id])).toEqual([
      ['q1', 'a1'],
      ['q2b', 'a2b'],
    ]);
  });
  it('counts an edited question and a regenerated answer as siblings', () => {
    const q2b = messages.find((m) => m.id === 'q2b') as ChatMessage;
    expect(siblingsOf(messages, q2b)).toMatchObject({ index: 1, list: [{ id: 'q2' }, { id: 'q2b' }] });
    const a1 = messages.find((m) => m.id === 'a1') as ChatMessage;
    expect(siblingsOf(messages, a1).list.map((m) => m.id)).toEqual(['a1', 'a1b']);
  });
  it('switching to a branch opens its newest leaf', () => {
    const q2 = messages.find((m) => m.id === 'q2') as ChatMessage;
    expect(latestLeaf(messages, q2).id).toBe('a2');
  });
});

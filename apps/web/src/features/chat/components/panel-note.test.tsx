import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ChatMessage } from '@sangam/contracts';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { PanelNote } from '@/features/chat/components/panel-note';

const assistant = (panel: ChatMessage['panel']): ChatMessage => ({
  id: 'm2',
  chatId: 'c1',
  parentId: 'm1',
  role: 'assistant',
  content: 'Answer.',
  mode: 'sangam',
  status: 'done',
  refinedPrompt: null,
  facts: null,
  answers: [
    { modelId: 'gamma', name: 'Gamma Gemini', status: 'done', text: 'Answer.', tokens: 10, durationMs: 5, error: null, isInFusion: false },
  ],
  panel,
  createdAt: '2026-11-24T00:00:00.000Z',
});

function render(message: ChatMessage) {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <PanelNote assistant={message} />
      </I18nProvider>,
    ),
  );
  return host;
}

describe('PanelNote: why Sangam mode asked these models', () => {
  it('names the models that answered and the leaderboard reason', () => {
    const host = render(assistant({ reason: 'top 1 for Coding this week', models: ['gamma'] }));
    expect(host.textContent).toBe('Answered by Gamma Gemini: top 1 for Coding this week (leaderboard)');
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/leaderboard');
  });

  it('writes the reason in the reader’s language from the category and the day of the last vote', async () => {
    const { messages } = await import('@/locales/hi.po');
    i18n.load('hi', messages);
    i18n.activate('hi');
    try {
      const week = render(assistant({ reason: 'top 1 for Coding this week', models: ['gamma'], category: 'Coding', asOf: null }));
      expect(week.textContent).toMatch(/इस सप्ताह \S+ में शीर्ष 1/);
      expect(week.textContent).not.toMatch(/this week|Coding|Answered/);
      const older = render(
        assistant({ reason: 'top 1 for Coding as of 2026-10-24', models: ['gamma'], category: 'Coding', asOf: '2026-10-24' }),
      );
      expect(older.textContent).toMatch(/2026 तक \S+ में शीर्ष 1/);
      expect(older.textContent).not.toMatch(/as of|2026-10-24/);
    } finally {
      i18n.activate('en');
    }
  });

  it('shows nothing for the default panel', () => {
    expect(render(assistant(null)).textContent).toBe('');
  });
});

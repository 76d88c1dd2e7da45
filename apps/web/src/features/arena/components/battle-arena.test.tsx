import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BattleArena } from '@/features/arena/components/battle-arena';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderArena() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BattleArena />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BattleArena', () => {
  it('shows two anonymous answers, and the names only after the vote it sends', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (url.endsWith('/vote'))
          return json(200, {
            winner: 'b',
            models: { A: { id: 'alpha', name: 'Alpha GPT' }, B: { id: 'beta', name: 'Beta Claude' } },
            category: 'Coding',
            language: 'en',
          });
        return json(201, { battleId: 'id.sig', answers: { A: 'First answer', B: 'Second answer' }, expiresAt: '2026-11-23T23:00:00.000Z' });
      }),
    );
    renderArena();
    fireEvent.change(screen.getByLabelText('Your prompt'), { target: { value: 'Count words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start battle' }));
    expect(await screen.findByRole('heading', { name: 'Model A' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Model B' })).toBeInTheDocument();
    expect(screen.getByText('First answer')).toBeInTheDocument();
    expect(screen.queryByText(/Alpha GPT|Beta Claude/)).not.toBeInTheDocument();
    for (const label of ['A is better', 'B is better', 'Tie', 'Both are bad'])
      expect(screen.getByRole('button', { name: label })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'B is better' }));
    expect(await screen.findByRole('region', { name: 'Result' })).toHaveTextContent('Model A was Alpha GPT; Model B was Beta Claude.');
    expect(screen.queryByRole('button', { name: 'A is better' })).not.toBeInTheDocument();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/arena/battles', { prompt: 'Count words' }],
      ['/api/v1/arena/battles/id.sig/vote', { winner: 'b' }],
    ]);
  });

  it('shows the server’s message when the vote is refused, and keeps the answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/vote')
          ? json(429, { code: 'VOTE_CAP_REACHED', detail: 'You have reached today’s vote limit. Please come back tomorrow.' })
          : json(201, { battleId: 'id.sig', answers: { A: 'One', B: 'Two' }, expiresAt: '2026-11-23T23:00:00.000Z' }),
      ),
    );
    renderArena();
    fireEvent.change(screen.getByLabelText('Your prompt'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start battle' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have reached today’s vote limit. Please come back tomorrow.');
    expect(screen.getByText('One')).toBeInTheDocument();
  });
});

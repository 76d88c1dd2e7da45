import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EstimateLine } from '@/features/chat/components/estimate-line';
import { ModelStatusList } from '@/features/chat/components/model-status';
import { UsageMeter } from '@/features/chat/components/usage-meter';
import type { AnswerCard } from '@/features/chat/lib/cards';

/** A fake server: each path answers with its status and body; every URL asked is kept. */
function serve(routes: Record<string, { status: number; body: unknown }>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const route = Object.entries(routes).find(([p]) => input.startsWith(p))?.[1] ?? { status: 404, body: {} };
      return new Response(JSON.stringify(route.body), { status: route.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the estimate under the prompt box', () => {
  it('in Universe mode reads "5 models, about ₹0.84 of your plan" once typing pauses, asked with the chat and the length', async () => {
    const asked = serve({ '/api/v1/me/estimate': { status: 200, body: { models: 5, tokens: 4200, costInr: 0.84, remaining: 90_000 } } });
    render(wrap(<EstimateLine mode="universe" text="How do tides work?" chatId="c1" />));
    expect(await screen.findByTestId('estimate', {}, { timeout: 2000 })).toHaveTextContent('5 models, about ₹0.84 of your plan');
    expect(asked).toEqual(['/api/v1/me/estimate?mode=universe&chars=18&chatId=c1']);
  });
  it('shows tokens when no model has a price', async () => {
    serve({ '/api/v1/me/estimate': { status: 200, body: { models: 3, tokens: 2500, costInr: null, remaining: 90_000 } } });
    render(wrap(<EstimateLine mode="universe" text="Hi" />));
    expect(await screen.findByTestId('estimate', {}, { timeout: 2000 })).toHaveTextContent('3 models, about 2,500 tokens of your plan');
  });
  it('is hidden when the estimate fails, and never asked in Sangam mode or for an empty box', async () => {
    const asked = serve({ '/api/v1/me/estimate': { status: 500, body: { code: 'INTERNAL', detail: 'x' } } });
    const view = render(wrap(<EstimateLine mode="universe" text="Hi" />));
    await vi.waitFor(() => expect(asked).toHaveLength(1), { timeout: 2000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('estimate')).toBeNull();
    view.unmount();
    render(wrap(<EstimateLine mode="sangam" text="Hi" />));
    render(wrap(<EstimateLine mode="universe" text="   " />));
    await new Promise((r) => setTimeout(r, 600));
    expect(asked).toHaveLength(1);
  });
});

describe("this month's use in the chat header", () => {
  const usage = (used: number) => ({
    '/api/v1/me/usage': {
      status: 200,
      body: {
        plan: { id: 'free', name: 'Free' },
        used,
        allowance: 50_000,
        resetDate: '2026-12-01',
        month: '2026-11',
        requests: 3,
        costInr: null as number | null,
      },
    },
  });
  it("is quiet under the warning share, with the month's rupees when the server has them", async () => {
    serve({ '/api/v1/me/usage': { status: 200, body: { ...usage(10_000)['/api/v1/me/usage'].body, costInr: 12.5 } } });
    render(wrap(<UsageMeter isEnabled />));
    const meter = await screen.findByTestId('usage-meter');
    expect(meter).toHaveAttribute('data-level', 'ok');
    expect(meter).toHaveTextContent('10,000 of 50,000 tokens this month · ₹12.50');
  });
  it('warns from 80 % and says when the allowance is used up', async () => {
    serve(usage(40_000));
    const view = render(wrap(<UsageMeter isEnabled />));
    expect(await screen.findByTestId('usage-meter')).toHaveAttribute('data-level', 'warning');
    expect(screen.getByTestId('usage-meter')).toHaveTextContent('Running low · 40,000 of 50,000 tokens this month');
    view.unmount();
    serve(usage(50_000));
    render(wrap(<UsageMeter isEnabled />));
    expect(await screen.findByTestId('usage-meter')).toHaveAttribute('data-level', 'exhausted');
    expect(screen.getByTestId('usage-meter')).toHaveTextContent('Allowance used up');
    expect(screen.getByTestId('usage-meter')).toHaveAttribute('href', '/pricing');
  });
  it('is not asked for when signed out', async () => {
    const asked = serve(usage(1));
    render(wrap(<UsageMeter isEnabled={false} />));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('usage-meter')).toBeNull();
  });
});

describe('live model status', () => {
  it('shows each model thinking, writing with its first words, done, failed with its reason, and late', () => {
    const card = (c: Partial<AnswerCard> & Pick<AnswerCard, 'id' | 'title' | 'status'>): AnswerCard => ({
      content: '',
      neonColor: 'green',
      ...c,
    });
    const cards = [
      card({ id: 'best', title: 'Sangam Answer', status: 'loading', isBest: true }),
      card({ id: 'a', title: 'Alpha', status: 'streaming' }),
      card({ id: 'b', title: 'Beta', status: 'streaming', content: 'The moon pulls the sea toward it' }),
      card({ id: 'c', title: 'Gamma', status: 'done', content: 'Done.' }),
      card({ id: 'd', title: 'Delta', status: 'error', content: 'Failed', failure: 'No answer in 8 s' }),
      card({ id: 'e', title: 'Epsilon', status: 'streaming', content: 'Slowly' }),
    ];
    render(<ModelStatusList cards={cards} fusedAnswers={['a', 'b', 'c', 'd']} />);
    const rows = screen.getAllByTestId('model-status-row');
    expect(rows.map((r) => r.dataset.phase)).toEqual(['thinking', 'writing', 'done', 'failed', 'late']);
    expect(rows[1]).toHaveTextContent('Beta writing“The moon pulls the sea toward it”');
    expect(rows[3]).toHaveTextContent('Delta failed: No answer in 8 s');
    expect(rows[4]).toHaveTextContent('Epsilon late — not in the fused answer');
  });
});

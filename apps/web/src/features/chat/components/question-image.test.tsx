import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionImage } from '@/features/chat/components/question-image';

function wrap(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}

afterEach(() => vi.unstubAllGlobals());

describe('the image a question was asked with', () => {
  it('is fetched from the owner-only endpoint and shown as an object URL', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        return new Response(new Uint8Array([0x89, 0x50]), { status: 200, headers: { 'content-type': 'image/png' } });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:question');
    URL.revokeObjectURL = vi.fn();
    render(wrap(<QuestionImage chatId="c1" messageId="m1" />));
    expect(await screen.findByRole('img', { name: 'Sent with this question' })).toHaveAttribute('src', 'blob:question');
    expect(asked).toEqual(['/api/v1/chats/c1/messages/m1/image']);
  });

  it('says so when the image cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'MESSAGE_NOT_FOUND', detail: 'x' }), { status: 404 })),
    );
    render(wrap(<QuestionImage chatId="c1" messageId="m1" />));
    expect(await screen.findByText('The image could not be loaded.')).toBeInTheDocument();
  });
});

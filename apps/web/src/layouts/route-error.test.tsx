import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '@/layouts/route-error';

afterEach(() => vi.restoreAllMocks());

function renderFailing(route: { lazy?: () => Promise<never>; Component?: () => never }) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '/', ErrorBoundary: RouteError, children: [{ index: true, ...route }] }]);
  render(<RouterProvider router={router} />);
}

describe('RouteError: the boundary of the root and of the signed-in screens', () => {
  it('a screen whose code is gone after a deploy offers the new version with Reload', async () => {
    renderFailing({ lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/chat-1a2b.js')) });
    expect(await screen.findByRole('heading', { name: 'A new version is available' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the start' })).not.toBeInTheDocument();
  });

  it('a screen that throws shows a friendly screen with Reload and a way back, not the error', async () => {
    renderFailing({
      Component: () => {
        throw new Error('secret internals at line 42');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start' })).toHaveAttribute('href', '/');
    expect(document.body.textContent).not.toContain('secret internals');
  });
});

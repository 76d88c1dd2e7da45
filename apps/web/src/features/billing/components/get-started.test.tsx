import { configureStore } from '@reduxjs/toolkit';
import { PLANS } from '@sangam/contracts/plans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingApi } from '@/features/billing/api/billing-api';
import { GetStarted, PaymentsNotice } from '@/features/billing/components/get-started';
import { hostedPage } from '@/features/billing/hooks/use-billing';
import { errorOfResponse } from '@/lib/app-error';
import { authSlice, initialAuthState } from '@/lib/auth/auth-slice';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const found = PLANS.find((p) => p.id === 'universe-plus');
if (!found) throw new Error('no plan');
const plan = found;

function renderCard({ isAuthenticated, isEnabled }: { isAuthenticated: boolean; isEnabled: boolean }) {
  vi.spyOn(billingApi, 'config').mockResolvedValue({ isEnabled });
  const store = configureStore({
    reducer: { auth: authSlice.reducer },
    preloadedState: { auth: { ...initialAuthState, isAuthenticated } },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/pricing']}>
          <Routes>
            <Route
              path="/pricing"
              element={
                <>
                  <PaymentsNotice />
                  <GetStarted plan={plan} period="monthly" isHighlighted />
                </>
              }
            />
            <Route path="/profile/billing" element={<p>billing page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

describe('Get Started on a plan', () => {
  it('signed out, links to sign-up and remembers to come back to the plan and period', async () => {
    renderCard({ isAuthenticated: false, isEnabled: true });
    const link = screen.getByRole('link', { name: 'Get Started' });
    expect(link).toHaveAttribute('href', '/signup');
    fireEvent.click(link);
    expect(sessionStorage.getItem('sangam.returnTo')).toBe('/pricing?plan=universe-plus&period=monthly');
  });

  it('signed in with payments on, creates the subscription and sends the tab to its hosted page', async () => {
    const subscribe = vi.spyOn(billingApi, 'subscribe').mockResolvedValue({ subscriptionId: 'sub_1', shortUrl: 'https://rzp.io/i/abc' });
    const open = vi.spyOn(hostedPage, 'open').mockImplementation(() => {});
    renderCard({ isAuthenticated: true, isEnabled: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://rzp.io/i/abc'));
    expect(subscribe).toHaveBeenCalledWith({ planId: 'universe-plus', period: 'monthly' });
  });

  it('signed in and already subscribed, goes to the billing page instead', async () => {
    vi.spyOn(billingApi, 'subscribe').mockRejectedValue(errorOfResponse(409, { code: 'ALREADY_SUBSCRIBED', detail: 'x' }));
    renderCard({ isAuthenticated: true, isEnabled: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('billing page')).toBeInTheDocument();
  });

  it('with payments off, keeps the link to the profile and says payments are not enabled on this server', async () => {
    renderCard({ isAuthenticated: true, isEnabled: false });
    expect(await screen.findByText('Payments are not enabled on this server.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/profile');
  });
});

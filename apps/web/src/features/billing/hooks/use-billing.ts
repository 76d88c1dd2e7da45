import type { ChoosePlan } from '@sangam/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi, billingKeys } from '@/features/billing/api/billing-api';

/** Whether this server takes payments (public). */
export const useBillingConfig = () => useQuery({ queryKey: billingKeys.config, queryFn: billingApi.config, staleTime: 60_000 });

/** The billing summary; asked again every 3 s while a payment awaits Razorpay's confirmation. */
export const useBillingSummary = () =>
  useQuery({
    queryKey: billingKeys.summary,
    queryFn: billingApi.summary,
    refetchInterval: (query) => (query.state.data?.isAwaitingConfirmation ? 3000 : false),
  });

/** Razorpay's hosted page for the subscription: the whole tab goes there (no script of theirs in our pages). */
export const hostedPage = { open: (shortUrl: string) => window.location.assign(shortUrl) };

export function useSubscribe() {
  return useMutation({ mutationFn: (input: ChoosePlan) => billingApi.subscribe(input), onSuccess: (c) => hostedPage.open(c.shortUrl) });
}

export function useChangePlan() {
  return useMutation({ mutationFn: (input: ChoosePlan) => billingApi.change(input), onSuccess: (c) => hostedPage.open(c.shortUrl) });
}

export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: billingApi.cancel,
    onSuccess: (summary) => {
      client.setQueryData(billingKeys.summary, summary);
      void client.invalidateQueries({ queryKey: ['usage'] });
    },
  });
}

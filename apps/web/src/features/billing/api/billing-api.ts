import {
  type BillingPeriod,
  billingConfigSchema,
  billingSummarySchema,
  type ChoosePlan,
  checkoutSchema,
  receiptSchema,
} from '@sangam/contracts';
import { requestJson } from '@/lib/api-client';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The billing API (/api/v1/billing), every answer parsed with the contracts' schemas. */
export const billingApi = {
  config: async () => billingConfigSchema.parse(await requestJson('/api/v1/billing/config')),
  summary: async () => billingSummarySchema.parse(await requestJson('/api/v1/billing')),
  subscribe: async (input: ChoosePlan) => checkoutSchema.parse(await requestJson('/api/v1/billing/subscriptions', json(input))),
  change: async (input: ChoosePlan) => checkoutSchema.parse(await requestJson('/api/v1/billing/change', json(input))),
  cancel: async () => billingSummarySchema.parse(await requestJson('/api/v1/billing/cancel', { method: 'POST' })),
  receipt: async (paymentId: string) => receiptSchema.parse(await requestJson(`/api/v1/billing/receipts/${encodeURIComponent(paymentId)}`)),
};

export const billingKeys = {
  config: ['billing', 'config'] as const,
  summary: ['billing', 'summary'] as const,
  receipt: (id: string) => ['billing', 'receipt', id] as const,
};

export type { BillingPeriod };

import type { FastifyBaseLogger } from 'fastify';
import Razorpay from 'razorpay';
import { AppError } from '@/errors';

/** What we read of a Razorpay plan (https://razorpay.com/docs/api/payments/subscriptions/#plans). */
export type RazorpayPlan = {
  id: string;
  period: string;
  interval: number;
  item: { name: string; amount: number; currency: string };
  notes?: Record<string, string> | unknown[];
};

/** What we read of a Razorpay subscription; times are Unix seconds. */
export type RazorpaySubscription = {
  id: string;
  plan_id: string;
  status: string;
  short_url?: string | null;
  current_start?: number | null;
  current_end?: number | null;
  charge_at?: number | null;
  start_at?: number | null;
  notes?: Record<string, string> | unknown[];
};

/** The calls Sangam makes to Razorpay, through the official SDK. */
export type RazorpayGateway = {
  listPlans: (page: { count: number; skip: number }) => Promise<RazorpayPlan[]>;
  createPlan: (plan: {
    period: 'monthly' | 'yearly';
    name: string;
    amountPaise: number;
    notes: Record<string, string>;
  }) => Promise<RazorpayPlan>;
  createSubscription: (input: {
    planId: string;
    totalCount: number;
    startAt?: number;
    notes: Record<string, string>;
  }) => Promise<RazorpaySubscription>;
  cancelSubscription: (input: { id: string; atCycleEnd: boolean }) => Promise<RazorpaySubscription>;
};

type SdkFailure = { statusCode?: number | string; error?: { code?: string; description?: string } };
type AxiosLike = {
  defaults: { baseURL?: string };
  interceptors: { response: { use: (ok: undefined, fail: (err: unknown) => unknown) => unknown } };
};

/**
 * The SDK's client with two adjustments to its axios instance (`api.rq`, the only way the SDK
 * offers): `apiUrl` replaces https://api.razorpay.com (tests point it at a fake), and a request
 * that never got an answer (offline, DNS) becomes an SDK-shaped failure naming the host instead of
 * the SDK's own TypeError.
 */
function sdkClient({ keyId, keySecret, apiUrl }: { keyId: string; keySecret: string; apiUrl?: string }) {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const rq = (client as unknown as { api?: { rq?: AxiosLike } }).api?.rq;
  if (!rq?.defaults || !rq.interceptors) throw new Error('The razorpay package changed its internals: api.rq is not an axios instance');
  if (apiUrl) rq.defaults.baseURL = apiUrl.replace(/\/$/, '');
  const host = new URL(rq.defaults.baseURL ?? 'https://api.razorpay.com').host;
  rq.interceptors.response.use(undefined, (err: unknown) => {
    const e = err as { response?: unknown; code?: string };
    if (e.response) throw err;
    // Only the error code travels on: the axios error holds the request and its Basic credentials.
    throw {
      response: { status: 0, data: { error: { code: 'NETWORK', description: `could not reach ${host} (${e.code ?? 'no answer'})` } } },
    };
  });
  return client;
}

/** Razorpay through its official SDK; every failure becomes 502 PAYMENTS_UNAVAILABLE, logged without secrets. */
export function createRazorpayGateway({
  keyId,
  keySecret,
  apiUrl,
  log,
}: {
  keyId: string;
  keySecret: string;
  apiUrl?: string;
  log: FastifyBaseLogger;
}): RazorpayGateway {
  const client = sdkClient({ keyId, keySecret, apiUrl });
  async function call<T>(what: string, run: () => Promise<unknown>): Promise<T> {
    try {
      return (await run()) as T;
    } catch (raw) {
      const failure = (raw ?? {}) as SdkFailure;
      log.error(
        {
          razorpayCall: what,
          razorpayStatus: failure.statusCode,
          razorpayCode: failure.error?.code,
          description: failure.error?.description,
        },
        'Razorpay call failed',
      );
      throw new AppError('PAYMENTS_UNAVAILABLE');
    }
  }
  return {
    listPlans: async ({ count, skip }) =>
      (await call<{ items: RazorpayPlan[] }>('plans.all', () => client.plans.all({ count, skip }))).items ?? [],
    createPlan: ({ period, name, amountPaise, notes }) =>
      call('plans.create', () => client.plans.create({ period, interval: 1, item: { name, amount: amountPaise, currency: 'INR' }, notes })),
    createSubscription: ({ planId, totalCount, startAt, notes }) =>
      call('subscriptions.create', () =>
        client.subscriptions.create({
          plan_id: planId,
          total_count: totalCount,
          quantity: 1,
          customer_notify: 1,
          ...(startAt ? { start_at: startAt } : {}),
          notes,
        }),
      ),
    cancelSubscription: ({ id, atCycleEnd }) => call('subscriptions.cancel', () => client.subscriptions.cancel(id, atCycleEnd)),
  };
}

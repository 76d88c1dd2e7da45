import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * A fake Razorpay API on 127.0.0.1 for tests and the e2e journey: plans, subscriptions and their
 * cancellation answer in the shapes of https://razorpay.com/docs/api/payments/subscriptions/, with
 * Basic auth checked; every call is recorded. Its hosted page (the subscription's short_url) has
 * one button that authorises the payment and sends the signed webhooks Razorpay would send.
 */
export type FakeCall = { method: string; path: string; body: Record<string, unknown> | undefined };
type Entity = Record<string, unknown> & { id: string };
export type FakeRazorpay = ReturnType<typeof createFakeRazorpay> & { url: string; close: () => Promise<void> };

const PERIOD_SECONDS: Record<string, number> = { monthly: 30 * 86_400, yearly: 365 * 86_400 };
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const error = (description: string, field?: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    field,
  },
});

export function createFakeRazorpay({ keyId, keySecret, webhookSecret }: { keyId: string; keySecret: string; webhookSecret: string }) {
  const calls: FakeCall[] = [];
  const plans = new Map<string, Entity>();
  const subscriptions = new Map<string, Entity>();
  const state = { url: '', webhookUrl: '', returnUrl: '', failNext: 0 };

  /** A webhook body and its headers as Razorpay sends them (signature = hex HMAC-SHA256 of the body). */
  function signedEvent(
    event: string,
    subscription: Entity,
    { payment, createdAt = nowSeconds(), eventId = id('evt') }: { payment?: Entity; createdAt?: number; eventId?: string } = {},
  ) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake',
      event,
      contains: payment ? ['subscription', 'payment'] : ['subscription'],
      payload: { subscription: { entity: subscription }, ...(payment ? { payment: { entity: payment } } : {}) },
      created_at: createdAt,
    });
    const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
    return {
      body,
      eventId,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    };
  }

  function paymentFor(sub: Entity): Entity {
    const plan = plans.get(String(sub.plan_id));
    const item = (plan?.item ?? {}) as { amount?: number };
    return {
      id: id('pay'),
      entity: 'payment',
      amount: item.amount ?? 0,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
      invoice_id: id('inv'),
      created_at: nowSeconds(),
    };
  }

  /** Moves a subscription as a successful authorisation and first charge would, returning the events to send. */
  function activate(subId: string) {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    const plan = plans.get(String(sub.plan_id));
    const start = nowSeconds();
    const end = start + (PERIOD_SECONDS[String(plan?.period)] ?? PERIOD_SECONDS.monthly ?? 0);
    if (sub.start_at && Number(sub.start_at) > start) {
      Object.assign(sub, { status: 'authenticated' });
      return [signedEvent('subscription.authenticated', { ...sub })];
    }
    Object.assign(sub, {
      status: 'active',
      current_start: start,
      current_end: end,
      charge_at: end,
      paid_count: 1,
      remaining_count: Number(sub.total_count) - 1,
    });
    return [
      signedEvent('subscription.activated', { ...sub }),
      signedEvent('subscription.charged', { ...sub }, { payment: paymentFor(sub) }),
    ];
  }

  async function deliver(events: Array<{ body: string; headers: Record<string, string> }>) {
    const statuses: number[] = [];
    for (const e of events) statuses.push((await fetch(state.webhookUrl, { method: 'POST', headers: e.headers, body: e.body })).status);
    return statuses;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    // The hosted page (no auth: the customer's browser opens it).
    const hosted = /^\/hosted\/(sub_\w+)(\/pay)?$/.exec(url.pathname);
    if (hosted?.[1]) {
      const sub = subscriptions.get(hosted[1]);
      if (!sub) return send(404, 'Not found', 'text/plain');
      if (req.method === 'POST' && hosted[2]) {
        await deliver(activate(sub.id));
        return send(
          200,
          `<!doctype html><title>Payment successful</title><h1>Payment successful</h1><a href="${state.returnUrl}">Return to Sangam</a>`,
          'text/html; charset=utf-8',
        );
      }
      const plan = plans.get(String(sub.plan_id));
      const item = (plan?.item ?? {}) as { name?: string; amount?: number };
      return send(
        200,
        `<!doctype html><title>Razorpay (fake)</title><h1>${item.name}</h1><p>₹${(item.amount ?? 0) / 100}</p><form method="post" action="/hosted/${sub.id}/pay"><button>Authorise UPI autopay</button></form>`,
        'text/html; charset=utf-8',
      );
    }
    const auth = Buffer.from(`${keyId}:${keySecret}`).toString('base64');
    if (req.headers.authorization !== `Basic ${auth}`) return send(401, error('The api key provided is invalid'));
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    calls.push({ method: req.method ?? 'GET', path: url.pathname, body });
    if (state.failNext > 0) {
      state.failNext -= 1;
      return send(500, {
        error: { code: 'SERVER_ERROR', description: 'The server encountered an error. The incident has been reported to admins.' },
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/plans') {
      const count = Number(url.searchParams.get('count') ?? 10);
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const items = [...plans.values()].reverse().slice(skip, skip + count);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'POST' && url.pathname === '/v1/plans') {
      const item = body?.item as { name?: string; amount?: number; currency?: string } | undefined;
      if (!['daily', 'weekly', 'monthly', 'yearly'].includes(String(body?.period)))
        return send(400, error('The period field is invalid.', 'period'));
      if (!item?.name || !Number.isInteger(item.amount) || Number(item.amount) < 100)
        return send(400, error('The amount must be at least INR 1.00.', 'amount'));
      const plan = {
        id: id('plan'),
        entity: 'plan',
        interval: Number(body?.interval),
        period: body?.period,
        item: { id: id('item'), active: true, ...item },
        notes: body?.notes ?? [],
        created_at: nowSeconds(),
      };
      plans.set(plan.id, plan);
      return send(200, plan);
    }
    if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
      if (!plans.has(String(body?.plan_id))) return send(400, error('The id provided does not exist', 'plan_id'));
      if (!Number.isInteger(body?.total_count)) return send(400, error('The total count field is required.', 'total_count'));
      const subId = id('sub');
      const sub: Entity = {
        id: subId,
        entity: 'subscription',
        plan_id: body?.plan_id,
        customer_id: null,
        status: 'created',
        current_start: null,
        current_end: null,
        ended_at: null,
        quantity: body?.quantity ?? 1,
        notes: body?.notes ?? [],
        charge_at: body?.start_at ?? null,
        start_at: body?.start_at ?? null,
        end_at: null,
        auth_attempts: 0,
        total_count: body?.total_count,
        paid_count: 0,
        customer_notify: true,
        created_at: nowSeconds(),
        expire_by: null,
        short_url: `${state.url}/hosted/${subId}`,
        has_scheduled_changes: false,
        change_scheduled_at: null,
        source: 'api',
        remaining_count: body?.total_count,
      };
      subscriptions.set(subId, sub);
      return send(200, sub);
    }
    const one = /^\/v1\/subscriptions\/(sub_\w+)(\/cancel)?$/.exec(url.pathname);
    const sub = one?.[1] ? subscriptions.get(one[1]) : undefined;
    if (one && !sub) return send(400, error('The id provided does not exist'));
    if (sub && req.method === 'GET' && !one?.[2]) return send(200, sub);
    if (sub && req.method === 'POST' && one?.[2]) {
      if (!['created', 'authenticated', 'active', 'pending', 'halted'].includes(String(sub.status)))
        return send(400, error('Subscription is not cancellable in cancelled status.'));
      if (!body?.cancel_at_cycle_end) Object.assign(sub, { status: 'cancelled', ended_at: nowSeconds() });
      return send(200, sub);
    }
    return send(404, error('The requested URL was not found on the server.'));
  }

  return {
    calls,
    plans,
    subscriptions,
    state,
    signedEvent,
    paymentFor,
    activate,
    deliver,
    handle,
  };
}

/** Starts the fake on 127.0.0.1 (port 0 = any free port). */
export async function startFakeRazorpay(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  port?: number;
}): Promise<FakeRazorpay> {
  const fake = createFakeRazorpay(options);
  const server = http.createServer((req, res) => {
    fake.handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  fake.state.url = `http://127.0.0.1:${port}`;
  return {
    ...fake,
    url: fake.state.url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/*
 * A local server speaking Stripe's REST API for the billing tests: the few endpoints Mnemo
 * calls, answered with Stripe's JSON shapes (API version of the installed SDK) and Stripe's
 * error envelope. The real `stripe` SDK is pointed at it with its host/port/protocol options.
 * It keeps every request, and lets a test play Stripe's part: complete a checkout, change a
 * subscription, and write the events Stripe would send (signed with the SDK's test helper).
 */

type Json = Record<string, unknown>;

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Form fields as the SDK encoded them, e.g. `line_items[0][price]`. */
  params: Record<string, string>;
  authorization: string | undefined;
}

export interface PeerOptions {
  /** Price ids that exist (others answer "No such price"). */
  prices: Record<string, { amount: number; interval: 'month' | 'year' }>;
  /** Stripe's "now" (the test's manual clock). */
  now: () => Date;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const sec = (d: Date) => Math.floor(d.getTime() / 1000);

function stripeError(res: http.ServerResponse, status: number, message: string, extra: Json = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...extra } }));
}

export async function startStripePeer(options: PeerOptions) {
  const requests: RecordedStripeRequest[] = [];
  const state = { down: false, closed: false };
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();

  function priceObject(id: string) {
    const p = options.prices[id]!;
    return {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: 1735689600,
      currency: 'cad',
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: `prod_${id}`,
      recurring: { interval: p.interval, interval_count: 1, meter: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: p.amount,
      unit_amount_decimal: String(p.amount),
    };
  }

  function createSession(params: Record<string, string>): Json {
    const now = options.now();
    const id = rid('cs');
    const price = params['line_items[0][price]']!;
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) {
      const m = /^metadata\[(\w+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: options.prices[price]!.amount,
      amount_total: options.prices[price]!.amount,
      billing_address_collection: null,
      cancel_url: params.cancel_url,
      client_reference_id: params.client_reference_id ?? null,
      created: sec(now),
      currency: 'cad',
      customer: params.customer ?? null,
      customer_creation: params.customer ? null : 'always',
      customer_email: params.customer_email ?? null,
      expires_at: sec(now) + 24 * 3600,
      livemode: false,
      locale: params.locale ?? null,
      metadata,
      mode: params.mode,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url,
      ui_mode: 'hosted_page',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      // Kept for completeCheckout; Stripe keeps it too, it just does not show it here.
      _params: params,
    };
    sessions.set(id, session);
    return session;
  }

  const visible = (o: Json) => Object.fromEntries(Object.entries(o).filter(([k]) => k[0] !== '_'));

  function route(
    method: string,
    path: string,
    params: Record<string, string>,
    res: http.ServerResponse,
  ) {
    const send = (body: Json) => {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': rid('req') });
      res.end(JSON.stringify(visible(body)));
    };
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (params.mode !== 'subscription')
        return stripeError(res, 400, 'Invalid mode', { param: 'mode' });
      const price = params['line_items[0][price]'];
      if (!price || !options.prices[price]) {
        return stripeError(res, 400, `No such price: '${price}'`, {
          code: 'resource_missing',
          param: 'line_items[0][price]',
        });
      }
      if (!params.success_url || !params.cancel_url) {
        return stripeError(res, 400, 'Missing required param: success_url.', {
          code: 'parameter_missing',
        });
      }
      return send(createSession(params));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!params.customer) return stripeError(res, 400, 'Missing required param: customer.');
      const id = rid('bps');
      return send({
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_test_default',
        created: sec(options.now()),
        customer: params.customer,
        livemode: false,
        locale: params.locale ?? null,
        return_url: params.return_url ?? null,
        url: `https://billing.stripe.com/p/session/${id}`,
      });
    }
    let m = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && m) {
      const sub = subscriptions.get(m[1]!);
      return sub
        ? send(sub)
        : stripeError(res, 404, `No such subscription: '${m[1]}'`, {
            code: 'resource_missing',
            param: 'id',
          });
    }
    m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && m) {
      const s = sessions.get(m[1]!);
      return s
        ? send(s)
        : stripeError(res, 404, `No such checkout.session: '${m[1]}'`, {
            code: 'resource_missing',
            param: 'session',
          });
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const params = Object.fromEntries([...url.searchParams, ...form]);
      const authorization = req.headers.authorization;
      requests.push({ method: req.method ?? '', path: url.pathname, params, authorization });
      if (!authorization?.startsWith('Bearer sk_test_')) {
        return stripeError(res, 401, 'Invalid API Key provided.');
      }
      if (state.down) {
        // Stripe's outage answer; the header spares the test the SDK's retry back-off.
        res.setHeader('stripe-should-retry', 'false');
        return stripeError(res, 500, 'An unknown error occurred', { type: 'api_error' });
      }
      route(req.method ?? '', url.pathname, params, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A subscription object in the shape GET /v1/subscriptions/{id} answers. */
  function subscriptionObject(o: {
    id: string;
    customer: string;
    price: string;
    status: string;
    start: Date;
    end: Date;
    metadata: Record<string, string>;
  }): Json {
    return {
      id: o.id,
      object: 'subscription',
      application: null,
      automatic_tax: { enabled: false, liability: null },
      billing_cycle_anchor: sec(o.start),
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: sec(o.start),
      currency: 'cad',
      customer: o.customer,
      default_payment_method: rid('pm'),
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: rid('si'),
            object: 'subscription_item',
            created: sec(o.start),
            current_period_end: sec(o.end),
            current_period_start: sec(o.start),
            metadata: {},
            price: priceObject(o.price),
            quantity: 1,
            subscription: o.id,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${o.id}`,
      },
      latest_invoice: rid('in'),
      livemode: false,
      metadata: o.metadata,
      start_date: sec(o.start),
      status: o.status,
      trial_end: null,
      trial_start: null,
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Requests to one endpoint, e.g. `calls('POST', '/v1/checkout/sessions')`. */
    calls(method: string, pathPrefix: string) {
      return requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
    },

    /**
     * The customer pays: the session completes and an active subscription exists, with the
     * metadata Mnemo gave subscription_data and a period from now to `end`.
     */
    completeCheckout(sessionId: string, o: { end: Date; status?: string }) {
      const session = sessions.get(sessionId)!;
      const params = session._params as Record<string, string>;
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) {
        const mm = /^subscription_data\[metadata\]\[(\w+)\]$/.exec(k);
        if (mm) metadata[mm[1]!] = v;
      }
      const customer = (session.customer as string | null) ?? rid('cus');
      const sub = subscriptionObject({
        id: rid('sub'),
        customer,
        price: params['line_items[0][price]']!,
        status: o.status ?? 'active',
        start: options.now(),
        end: o.end,
        metadata,
      });
      subscriptions.set(sub.id as string, sub);
      Object.assign(session, {
        customer,
        status: 'complete',
        payment_status: 'paid',
        subscription: sub.id,
      });
      return { session: visible(session), subscription: sub };
    },

    /** Stripe's current copy of a subscription. */
    subscription(id: string): Json {
      return structuredClone(subscriptions.get(id)!);
    },

    /** Changes a subscription as Stripe would (portal cancel, failed renewal, …). */
    updateSubscription(id: string, patch: Json & { periodEnd?: Date }) {
      const sub = subscriptions.get(id)!;
      const { periodEnd, ...rest } = patch;
      Object.assign(sub, rest);
      if (periodEnd) {
        const item = (sub.items as { data: Json[] }).data[0]!;
        item.current_period_start = item.current_period_end;
        item.current_period_end = sec(periodEnd);
      }
      return structuredClone(sub);
    },

    /** An event as Stripe delivers it, carrying `object`. */
    event(type: string, object: Json, o: { id?: string; previous?: Json } = {}): Json {
      return {
        id: o.id ?? rid('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: sec(options.now()),
        data: {
          object: visible(object),
          ...(o.previous ? { previous_attributes: o.previous } : {}),
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },

    /** An invoice of a subscription, in the 2025+ shape (parent.subscription_details). */
    invoice(subscriptionId: string, o: { status: 'paid' | 'open'; reason?: string }): Json {
      const sub = subscriptions.get(subscriptionId)!;
      const item = (sub.items as { data: Json[] }).data[0]!;
      const price = item.price as Json;
      return {
        id: rid('in'),
        object: 'invoice',
        amount_due: price.unit_amount,
        amount_paid: o.status === 'paid' ? price.unit_amount : 0,
        attempt_count: 1,
        billing_reason: o.reason ?? 'subscription_cycle',
        currency: 'cad',
        customer: sub.customer,
        livemode: false,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: sub.metadata, subscription: subscriptionId },
        },
        period_end: item.current_period_end,
        period_start: item.current_period_start,
        status: o.status,
      };
    },

    /** The Stripe-Signature header for `payload`, made by the SDK's test helper. */
    sign(payload: string, secret: string, at: Date = options.now()) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: sec(at) });
    },

    /** While true, every call answers Stripe's 500 api_error. */
    set down(value: boolean) {
      state.down = value;
    },

    async close() {
      if (state.closed) return;
      state.closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;

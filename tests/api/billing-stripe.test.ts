import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { startStripePeer, type StripePeer } from '../support/stripe-peer.js';

/*
 * The Stripe provider through the real `stripe` SDK, pointed at a local Stripe-speaking peer;
 * webhooks signed with the SDK's test-header helper. What the learner sees: the checkout
 * address, premium on their profile, the status of their subscription.
 */

type Json = Record<string, unknown>;

const password = 'Study2026';
const WEBHOOK_SECRET = 'whsec_mnemo_test_0123456789';
const DAY = 24 * 60 * 60 * 1000;
const PRICES = {
  price_monthly_test: { amount: 999, interval: 'month' as const },
  price_yearly_test: { amount: 9988, interval: 'year' as const },
};
const stripeEnv = (url: string, prices = true): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_mnemo_0123456789',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: url,
  ...(prices
    ? { STRIPE_PRICE_MONTHLY: 'price_monthly_test', STRIPE_PRICE_YEARLY: 'price_yearly_test' }
    : {}),
});
const START = new Date('2026-03-10T04:00:00.000Z');
const isoSeconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString();

describe.each(databases)('Stripe billing on %s', (dialect) => {
  let t: TestApp;
  let peer: StripePeer;
  let token: string;
  let userId: string;
  const email = 'learner@example.com';

  beforeEach(async () => {
    peer = await startStripePeer({ prices: PRICES, now: () => t.clock.now() });
    t = await createTestApp({ dialect, env: stripeEnv(peer.url) });
    t.clock.set(START);
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email, password }));
  });
  afterEach(async () => {
    await t?.close();
    await peer?.close();
  });

  const get = (p: string, tk = token) => t.call('GET', p, undefined, { token: tk });
  const post = (p: string, body?: unknown, tk = token, headers?: Record<string, string>) =>
    t.call('POST', p, body, { token: tk, headers });
  const profile = async (tk = token) => (await get('/api/v1/user/profile', tk)).body.data;
  const status = async (tk = token) => (await get('/api/v1/subscription/status', tk)).body.data;

  /** Stripe POSTs an event to the webhook: raw JSON body, Stripe-Signature header. */
  async function deliver(
    event: Json,
    o: { secret?: string; body?: string; signature?: string | null; at?: Date } = {},
  ) {
    const body = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature =
      o.signature === undefined ? peer.sign(body, o.secret ?? WEBHOOK_SECRET, o.at) : o.signature;
    if (signature !== null) headers['stripe-signature'] = signature;
    const res = await t.app.request('/api/v1/subscription/webhook', {
      method: 'POST',
      headers,
      body: o.body ?? body,
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  /** The learner chooses a plan and pays on Stripe's page; no event has arrived yet. */
  async function subscribe(o: { tk?: string; planId?: string; status?: string } = {}) {
    const planId = o.planId ?? 'monthly';
    const res = await post(
      '/api/v1/subscription/create',
      { planId, periodType: planId === 'yearly' ? 'year' : 'month' },
      o.tk,
    );
    expect(res.status).toBe(200);
    const sessionId = new URL(res.body.data.url as string).pathname.split('/').pop()!;
    const end = new Date(t.clock.now().getTime() + 31 * DAY);
    const paid = peer.completeCheckout(sessionId, { end, status: o.status });
    return { ...paid, sessionId, subscriptionId: paid.subscription.id as string, end };
  }

  /** Moves Stripe's and Mnemo's clock; sessions last 2 hours, so the learner logs in again. */
  async function moveTo(at: Date) {
    t.clock.set(at);
    const login = await t.call('POST', '/api/v1/auth/login', { email, password });
    token = login.body.token as string;
  }

  const rows = () => t.db.selectFrom('subscriptions').selectAll().execute();
  const events = () => t.db.selectFrom('billing_events').selectAll().execute();
  const retrievals = () => peer.calls('GET', '/v1/subscriptions/').length;

  it('opens a Checkout Session in subscription mode with the plan price and the learner', async () => {
    const res = await post('/api/v1/subscription/create', {
      planId: 'monthly',
      periodType: 'month',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [sent] = peer.calls('POST', '/v1/checkout/sessions');
    expect(sent!.authorization).toBe('Bearer sk_test_mnemo_0123456789');
    expect(sent!.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_monthly_test',
      'line_items[0][quantity]': '1',
      client_reference_id: userId,
      customer_email: email,
      success_url:
        'http://mnemo.test/payment/result?status=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://mnemo.test/payment/result?status=cancel',
      'subscription_data[metadata][user_id]': userId,
      'subscription_data[metadata][plan_id]': 'monthly',
      locale: 'en',
    });
    // Nothing changes until Stripe says the customer paid.
    expect((await profile()).account_type).toBe('free');
    expect(await status()).toEqual({ hasActiveSubscription: false, subscription: null });
  });

  it('a completed checkout makes the learner premium, with the subscription Stripe reports', async () => {
    const { session, end, sessionId } = await subscribe();
    const res = await deliver(peer.event('checkout.session.completed', session));
    expect(res).toEqual({ status: 200, body: { success: true, data: { received: true } } });
    expect(await profile()).toMatchObject({
      account_type: 'premium',
      subscription_status: 'active',
    });
    expect(await status()).toEqual({
      hasActiveSubscription: true,
      subscription: {
        id: expect.any(String),
        plan_id: 'monthly',
        name: '月訂閱',
        name_en: 'Monthly',
        price: 9.99,
        currency: 'CAD',
        status: 'active',
        currentPeriodEnd: isoSeconds(end),
        cancelAtPeriodEnd: false,
        periodType: 'month',
        provider: 'stripe',
      },
    });
    const result = await get(`/api/v1/subscription/checkout-result?session_id=${sessionId}`);
    expect(result.body.data).toMatchObject({ status: 'success', hasActiveSubscription: true });
  });

  it('the payment result page does not wait for the webhook', async () => {
    const res = await post('/api/v1/subscription/create', { planId: 'yearly', periodType: 'year' });
    const sessionId = new URL(res.body.data.url as string).pathname.split('/').pop()!;
    const url = `/api/v1/subscription/checkout-result?session_id=${sessionId}`;
    expect((await get(url)).body.data).toMatchObject({
      status: 'processing',
      hasActiveSubscription: false,
    });
    peer.completeCheckout(sessionId, { end: new Date(START.getTime() + 365 * DAY) });
    expect((await get(url)).body.data).toMatchObject({
      status: 'success',
      hasActiveSubscription: true,
      subscription: { plan_id: 'yearly', price: 99.88, periodType: 'year' },
    });
    expect((await profile()).account_type).toBe('premium');
    // Someone else's session is not theirs to look at.
    const other = await registerVerifiedUser(t, { email: 'other@example.com', password });
    expect((await get(url, other.token)).status).toBe(404);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { session } = await subscribe();
    const event = peer.event('checkout.session.completed', session);
    const good = JSON.stringify(event);
    const cases = [
      await deliver(event, { secret: 'whsec_someone_else' }),
      // Signed, then altered on the way.
      await deliver(event, { body: good.replace(userId, 'another-user') }),
      await deliver(event, { signature: null }),
      await deliver(event, { signature: 'nonsense' }),
      // A genuine signature replayed long after it was made.
      await deliver(event, { at: new Date(START.getTime() - 10 * 60 * 1000) }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'WEBHOOK_SIGNATURE_INVALID',
        messageI18n: { en: 'The payment notification signature could not be verified.' },
      });
    }
    expect((await profile()).account_type).toBe('free');
    expect(await rows()).toEqual([]);
    expect(await events()).toEqual([]);
    expect(retrievals()).toBe(0);
  });

  it('applies the same event once, however often it is delivered', async () => {
    const { session, subscriptionId } = await subscribe();
    const event = peer.event('checkout.session.completed', session);
    expect((await deliver(event)).status).toBe(200);
    expect((await profile()).account_type).toBe('premium');
    // Stripe's subscription moves on; a redelivery of the old event must not be re-applied.
    peer.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    expect(retrievals()).toBe(1);
    expect(await events()).toHaveLength(1);
    expect((await status()).subscription.cancelAtPeriodEnd).toBe(false);
    expect(await rows()).toHaveLength(1);
  });

  it('subscription.updated before checkout.session.completed ends in the same state', async () => {
    const other = await registerVerifiedUser(t, { email: 'second@example.com', password });
    const final = async (tk: string, order: 'checkout first' | 'update first') => {
      const { session, subscription, subscriptionId, end } = await subscribe({ tk });
      // As Stripe saw it at creation; then the learner cancels at once in the portal.
      const created = peer.event('customer.subscription.created', {
        ...subscription,
        status: 'incomplete',
      });
      const cancelled = peer.updateSubscription(subscriptionId, {
        cancel_at_period_end: true,
        cancel_at: Math.floor(end.getTime() / 1000),
      });
      const updated = peer.event('customer.subscription.updated', cancelled, {
        previous: { cancel_at_period_end: false, cancel_at: null },
      });
      const completed = peer.event('checkout.session.completed', session);
      const sequence =
        order === 'checkout first' ? [created, completed, updated] : [updated, completed, created];
      for (const e of sequence) expect((await deliver(e)).status).toBe(200);
      const { id: _id, ...shown } = (await status(tk)).subscription;
      const { account_type, subscription_status } = await profile(tk);
      return { shown, account_type, subscription_status, end: isoSeconds(end) };
    };
    const a = await final(token, 'checkout first');
    t.clock.set(START);
    const b = await final(other.token, 'update first');
    expect(b).toEqual(a);
    expect(a).toMatchObject({
      account_type: 'premium',
      subscription_status: 'active',
      shown: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: a.end },
    });
  });

  it('cancelling keeps premium until the period end, then the learner is free', async () => {
    const { session, subscriptionId, end } = await subscribe();
    await deliver(peer.event('checkout.session.completed', session));
    const cancelled = peer.updateSubscription(subscriptionId, {
      cancel_at_period_end: true,
      cancel_at: Math.floor(end.getTime() / 1000),
      canceled_at: Math.floor(START.getTime() / 1000),
    });
    await deliver(peer.event('customer.subscription.updated', cancelled));
    expect(await status()).toMatchObject({
      hasActiveSubscription: true,
      subscription: {
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: isoSeconds(end),
      },
    });

    await moveTo(new Date(end.getTime() - 60_000));
    expect((await profile()).account_type).toBe('premium');
    await moveTo(new Date(end.getTime() + 1000));
    // Premium ends with the period, before Stripe's deleted event arrives.
    expect(await profile()).toMatchObject({
      account_type: 'free',
      subscription_status: 'canceled',
    });
    expect(await status()).toEqual({ hasActiveSubscription: false, subscription: null });

    const ended = peer.updateSubscription(subscriptionId, {
      status: 'canceled',
      ended_at: Math.floor(end.getTime() / 1000),
    });
    expect((await deliver(peer.event('customer.subscription.deleted', ended))).status).toBe(200);
    expect((await rows())[0]).toMatchObject({ status: 'canceled' });
    expect(await profile()).toMatchObject({
      account_type: 'free',
      subscription_status: 'canceled',
    });
    // And a new subscription may start, for the same Stripe customer.
    expect((await post('/api/v1/subscription/create', { planId: 'monthly' })).status).toBe(200);
    const again = peer.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(again.params.customer).toBe(session.customer);
    expect(again.params.customer_email).toBeUndefined();
  });

  it('the deleted event alone ends premium at once', async () => {
    const { session, subscriptionId } = await subscribe();
    await deliver(peer.event('checkout.session.completed', session));
    const ended = peer.updateSubscription(subscriptionId, { status: 'canceled' });
    await deliver(peer.event('customer.subscription.deleted', ended));
    expect(await profile()).toMatchObject({
      account_type: 'free',
      subscription_status: 'canceled',
    });
  });

  it('a renewal keeps premium past the old period end; a failed one follows Stripe', async () => {
    const { session, subscriptionId, end } = await subscribe();
    await deliver(peer.event('checkout.session.completed', session));
    // The period is over and Stripe has not reported yet: still premium, it renews by itself.
    await moveTo(new Date(end.getTime() + 60 * 60 * 1000));
    expect((await profile()).account_type).toBe('premium');
    const next = new Date(end.getTime() + 30 * DAY);
    peer.updateSubscription(subscriptionId, { periodEnd: next });
    await deliver(peer.event('invoice.paid', peer.invoice(subscriptionId, { status: 'paid' })));
    expect((await status()).subscription.currentPeriodEnd).toBe(isoSeconds(next));

    // The next renewal fails: Stripe retries (past_due keeps premium), then gives up (unpaid).
    await moveTo(new Date(next.getTime() + 60 * 60 * 1000));
    peer.updateSubscription(subscriptionId, {
      status: 'past_due',
      periodEnd: new Date(next.getTime() + 31 * DAY),
    });
    const failed = peer.invoice(subscriptionId, { status: 'open' });
    await deliver(peer.event('invoice.payment_failed', failed));
    expect(await profile()).toMatchObject({
      account_type: 'premium',
      subscription_status: 'past_due',
    });
    const unpaid = peer.updateSubscription(subscriptionId, { status: 'unpaid' });
    await deliver(peer.event('customer.subscription.updated', unpaid));
    expect(await profile()).toMatchObject({ account_type: 'free', subscription_status: 'unpaid' });
    // Unpaid still exists at Stripe: it is settled in the portal, not with a second plan.
    const again = await post('/api/v1/subscription/create', { planId: 'yearly' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SUBSCRIPTION_EXISTS', status: 'unpaid' });
    // Paid in the portal.
    peer.updateSubscription(subscriptionId, { status: 'active' });
    await deliver(peer.event('invoice.paid', peer.invoice(subscriptionId, { status: 'paid' })));
    expect(await profile()).toMatchObject({
      account_type: 'premium',
      subscription_status: 'active',
    });
  });

  it("refuses a second subscription with the spec's message, in both languages", async () => {
    const { session } = await subscribe();
    await deliver(peer.event('checkout.session.completed', session));
    const before = peer.calls('POST', '/v1/checkout/sessions').length;
    const en = await post('/api/v1/subscription/create', { planId: 'yearly', periodType: 'year' });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 'SUBSCRIPTION_EXISTS',
      message:
        'You already have an active or processing subscription plan. Please cancel it before subscribing to a new one.',
      planName: 'Monthly',
      status: 'active',
    });
    const zh = await post('/api/v1/subscription/create', { planId: 'yearly' }, token, {
      'accept-language': 'zh-TW',
    });
    expect(zh.body).toMatchObject({
      message: '您已有啟用中或處理中的訂閱方案，請先取消現有方案後再訂閱新方案。',
      planName: '月訂閱',
    });
    expect(peer.calls('POST', '/v1/checkout/sessions')).toHaveLength(before);
  });

  it('a pending (incomplete) subscription blocks a second one but gives no premium', async () => {
    const { session } = await subscribe({ status: 'incomplete' });
    await deliver(peer.event('checkout.session.completed', session));
    expect(await profile()).toMatchObject({
      account_type: 'free',
      subscription_status: 'incomplete',
    });
    expect(await status()).toMatchObject({
      hasActiveSubscription: false,
      subscription: { status: 'incomplete' },
    });
    const res = await post('/api/v1/subscription/create', { planId: 'monthly' });
    expect(res.body).toMatchObject({ code: 'SUBSCRIPTION_EXISTS', status: 'incomplete' });
  });

  it("opens the Billing Portal for the learner's Stripe customer, back to /subscription", async () => {
    expect((await post('/api/v1/subscription/customer-portal')).body).toMatchObject({
      code: 'NO_SUBSCRIPTION',
      message: 'No active subscription found.',
    });
    const { session } = await subscribe();
    await deliver(peer.event('checkout.session.completed', session));
    const res = await post('/api/v1/subscription/customer-portal');
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(peer.calls('POST', '/v1/billing_portal/sessions')[0]!.params).toMatchObject({
      customer: session.customer,
      return_url: 'http://mnemo.test/subscription',
    });
  });

  it('answers plans with the offer price until the end of 2025-12-31 in Taipei, then list', async () => {
    t.clock.set(new Date('2025-12-31T23:59:59.999+08:00'));
    const during = await t.call('GET', '/api/v1/subscription/plans');
    expect(during.status).toBe(200);
    expect(during.body.data.map((p: Json) => [p.plan_id, p.price, p.offer_active])).toEqual([
      ['free', 0, false],
      ['monthly', 5, true],
      ['yearly', 60, true],
    ]);
    expect(during.body.data[1]).toEqual({
      plan_id: 'monthly',
      id: 'monthly',
      name: '月訂閱',
      name_en: 'Monthly',
      description: expect.any(String),
      description_en: expect.any(String),
      display_order: 2,
      period_type: 'month',
      currency: 'CAD',
      list_price: 9.99,
      offer_price: 5,
      offer_until: '2025-12-31T15:59:59.999Z',
      price: 5,
      offer_active: true,
      stripe_price_id: 'price_monthly_test',
      choosable: true,
    });
    expect(during.body.data[0]).toMatchObject({ stripe_price_id: null, choosable: false });

    t.clock.set(new Date('2026-01-01T00:00:00.000+08:00'));
    const after = await t.call('GET', '/api/v1/subscription/plans');
    expect(after.body.data.map((p: Json) => [p.plan_id, p.price, p.offer_active])).toEqual([
      ['free', 0, false],
      ['monthly', 9.99, false],
      ['yearly', 99.88, false],
    ]);
  });

  it('answers BILLING_UNAVAILABLE while Stripe fails, and the retried webhook applies', async () => {
    const { session } = await subscribe();
    const event = peer.event('checkout.session.completed', session);
    peer.down = true;
    const res = await deliver(event);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('BILLING_UNAVAILABLE');
    expect(await events()).toEqual([]);
    expect((await profile()).account_type).toBe('free');
    const create = await post('/api/v1/subscription/create', { planId: 'yearly' });
    expect(create.status).toBe(502);
    expect(create.body.message).toBe(
      'The payment service cannot be reached right now. Please try again later.',
    );
    // Stripe retries a failed delivery later: the same event id, now applied.
    peer.down = false;
    expect((await deliver(event)).status).toBe(200);
    expect((await profile()).account_type).toBe('premium');
  });

  it('acknowledges events it does not act on, and keeps the demo pages closed', async () => {
    const ignored = await deliver(
      peer.event('customer.created', { id: 'cus_x', object: 'customer' }),
    );
    expect(ignored.status).toBe(200);
    const oneOff = await deliver(
      peer.event('checkout.session.completed', {
        id: 'cs_test_x',
        object: 'checkout.session',
        mode: 'payment',
        subscription: null,
      }),
    );
    expect(oneOff.status).toBe(200);
    expect(await rows()).toEqual([]);
    expect((await get('/api/v1/demo-billing/checkout/cs_demo_x')).status).toBe(404);
  });
});

describe.each(databases)('Stripe without price ids on %s', (dialect) => {
  let t: TestApp;
  let peer: StripePeer;
  beforeEach(async () => {
    peer = await startStripePeer({ prices: PRICES, now: () => new Date() });
    t = await createTestApp({ dialect, env: stripeEnv(peer.url, false) });
  });
  afterEach(async () => {
    await t?.close();
    await peer?.close();
  });

  it("does not offer the demo's price ids to Stripe", async () => {
    const plans = await t.call('GET', '/api/v1/subscription/plans');
    expect(plans.body.data.map((p: Json) => p.choosable)).toEqual([false, false, false]);
    const { token } = await registerVerifiedUser(t, { email: 'a@example.com', password });
    const res = await t.call(
      'POST',
      '/api/v1/subscription/create',
      { planId: 'monthly' },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PLAN_NOT_AVAILABLE');
    expect(peer.requests).toEqual([]);
  });
});

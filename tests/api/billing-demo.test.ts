import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload } from '../support/multipart.js';

/*
 * The built-in demo checkout through the API, as its pages use it: checkout details, paying
 * with the documented test cards, the portal's cancel and resume, and time moving on.
 */

const password = 'Study2026';
// During the offer (Taipei 2025-12-20 10:00).
const START = new Date('2025-12-20T02:00:00.000Z');
const VISA = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Mei Lin' };

describe.each(databases)('demo billing on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  const email = 'learner@example.com';

  beforeEach(async () => {
    t = await createTestApp({ dialect });
    t.clock.set(START);
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email, password }));
  });
  afterEach(async () => t?.close());

  const get = (p: string, tk = token) => t.call('GET', p, undefined, { token: tk });
  const post = (p: string, body?: unknown, tk = token) => t.call('POST', p, body, { token: tk });
  const profile = async (tk = token) => (await get('/api/v1/user/profile', tk)).body.data;
  const status = async (tk = token) => (await get('/api/v1/subscription/status', tk)).body.data;
  const checkoutPath = (id: string) => `/api/v1/demo-billing/checkout/${id}`;

  async function openCheckout(planId = 'monthly', tk = token) {
    const res = await post(
      '/api/v1/subscription/create',
      { planId, periodType: planId === 'yearly' ? 'year' : 'month' },
      tk,
    );
    expect(res.status).toBe(200);
    const url = res.body.data.url as string;
    expect(url).toMatch(/^http:\/\/mnemo\.test\/demo\/checkout\/cs_demo_[0-9a-f]{24}$/);
    return url.split('/').pop()!;
  }

  const pay = (id: string, card: Partial<typeof VISA> = {}, tk = token) =>
    post(`${checkoutPath(id)}/pay`, { ...VISA, ...card }, tk);

  async function moveTo(at: Date) {
    t.clock.set(at);
    token = (await t.call('POST', '/api/v1/auth/login', { email, password })).body.token as string;
  }

  const count = async (table: 'subscriptions' | 'demo_subscriptions' | 'billing_events') =>
    (await t.db.selectFrom(table).selectAll().execute()).length;

  async function nothingChanged(sessionId: string) {
    expect(await profile()).toMatchObject({
      account_type: 'free',
      subscription_status: 'inactive',
    });
    expect(await status()).toEqual({ hasActiveSubscription: false, subscription: null });
    expect(await count('subscriptions')).toBe(0);
    expect(await count('demo_subscriptions')).toBe(0);
    expect(await count('billing_events')).toBe(0);
    expect((await get(checkoutPath(sessionId))).body.data.status).toBe('open');
  }

  it('create answers the demo checkout; its details name the plan, the price and the payer', async () => {
    const id = await openCheckout();
    const res = await get(checkoutPath(id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id,
      status: 'open',
      planName: '月訂閱',
      planNameEn: 'Monthly',
      amount: 5,
      currency: 'CAD',
      periodType: 'month',
      email,
      successUrl: `http://mnemo.test/payment/result?status=success&session_id=${id}`,
      cancelUrl: 'http://mnemo.test/payment/result?status=cancel',
    });
    const result = await get(`/api/v1/subscription/checkout-result?session_id=${id}`);
    expect(result.body.data).toMatchObject({ status: 'processing', hasActiveSubscription: false });
  });

  it.each([
    ['Visa', '4242 4242 4242 4242'],
    ['Mastercard', '5555555555554444'],
    ['JCB', '3530-1113-3330-0000'],
  ])('pays with the test %s and is premium when /pay answers', async (_brand, cardNumber) => {
    const id = await openCheckout();
    const res = await pay(id, { cardNumber });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      redirectUrl: `http://mnemo.test/payment/result?status=success&session_id=${id}`,
    });
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
        price: 5,
        currency: 'CAD',
        status: 'active',
        currentPeriodEnd: '2026-01-20T02:00:00.000Z',
        cancelAtPeriodEnd: false,
        periodType: 'month',
        provider: 'demo',
      },
    });
    // Through the webhook handler, as Stripe's events would be.
    const types = await t.db.selectFrom('billing_events').select('type').orderBy('type').execute();
    expect(types.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect((await get(checkoutPath(id))).body.data.status).toBe('complete');
    const result = await get(`/api/v1/subscription/checkout-result?session_id=${id}`);
    expect(result.body.data).toMatchObject({ status: 'success', hasActiveSubscription: true });
    // Paying again (a double click) changes nothing.
    expect((await pay(id)).body.data.redirectUrl).toBe(res.body.data.redirectUrl);
    expect(await count('demo_subscriptions')).toBe(1);
  });

  it('a yearly plan runs a year from the payment', async () => {
    const id = await openCheckout('yearly');
    expect((await get(checkoutPath(id))).body.data).toMatchObject({
      amount: 60,
      periodType: 'year',
    });
    await pay(id);
    expect((await status()).subscription).toMatchObject({
      plan_id: 'yearly',
      price: 60,
      currentPeriodEnd: '2026-12-20T02:00:00.000Z',
      periodType: 'year',
    });
  });

  it('a declined card answers CARD_DECLINED and changes nothing; another card then pays', async () => {
    const id = await openCheckout();
    const res = await pay(id, { cardNumber: '4000 0000 0000 0002' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined. Please use a different card.',
    });
    await nothingChanged(id);
    expect((await pay(id)).status).toBe(200);
    expect((await profile()).account_type).toBe('premium');
  });

  it.each([
    ['a number failing Luhn', { cardNumber: '4242 4242 4242 4241' }, 'CARD_INVALID', 'number'],
    ['letters', { cardNumber: '4242 abcd 4242 4242' }, 'CARD_INVALID', 'number'],
    ['a short number', { cardNumber: '424242424242' }, 'CARD_INVALID', 'number'],
    ['last month', { expiry: '11/25' }, 'CARD_INVALID', 'expiry'],
    ['month 13', { expiry: '13/27' }, 'CARD_INVALID', 'expiry'],
    ['a 2-digit CVC', { cvc: '12' }, 'CARD_INVALID', 'cvc'],
    ['a 4-digit CVC', { cvc: '1234' }, 'CARD_INVALID', 'cvc'],
    ['American Express', { cardNumber: '3782 822463 10005' }, 'CARD_BRAND_UNSUPPORTED', 'number'],
    ['Discover', { cardNumber: '6011 1111 1111 1117' }, 'CARD_BRAND_UNSUPPORTED', 'number'],
    ['a real Visa', { cardNumber: '4012 8888 8888 1881' }, 'DEMO_TEST_CARD_REQUIRED', 'number'],
  ])('refuses %s and changes nothing', async (_what, card, code, field) => {
    const id = await openCheckout();
    const res = await pay(id, card);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, field });
    await nothingChanged(id);
  });

  it('names the accepted brands when refusing another', async () => {
    const id = await openCheckout();
    const res = await pay(id, { cardNumber: '378282246310005' });
    expect(res.body).toMatchObject({
      message: 'Only Visa, Mastercard and JCB cards are accepted.',
      brand: 'American Express',
    });
  });

  it('portal: cancel at period end keeps premium until then, resume takes it back', async () => {
    await pay(await openCheckout());
    const portal = await post('/api/v1/subscription/customer-portal');
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toMatch(/^http:\/\/mnemo\.test\/demo\/portal\/bps_demo_/);
    const portalPath = `/api/v1/demo-billing/portal/${portal.body.data.url.split('/').pop()}`;
    expect((await get(portalPath)).body.data).toMatchObject({
      subscription: { plan_id: 'monthly', status: 'active', cancelAtPeriodEnd: false },
      returnUrl: 'http://mnemo.test/subscription',
    });

    const cancelled = await post(`${portalPath}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-01-20T02:00:00.000Z',
    });
    expect((await profile()).account_type).toBe('premium');
    expect((await status()).subscription.cancelAtPeriodEnd).toBe(true);

    expect((await post(`${portalPath}/resume`)).body.data.cancelAtPeriodEnd).toBe(false);
    expect((await status()).subscription.cancelAtPeriodEnd).toBe(false);
    await post(`${portalPath}/cancel`);

    await moveTo(new Date('2026-01-20T01:59:00.000Z'));
    expect((await profile()).account_type).toBe('premium');
    await moveTo(new Date('2026-01-20T02:00:01.000Z'));
    expect(await profile()).toMatchObject({
      account_type: 'free',
      subscription_status: 'canceled',
    });
    expect(await status()).toEqual({ hasActiveSubscription: false, subscription: null });
    // The demo ended its subscription the way Stripe does: customer.subscription.deleted.
    const sub = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(sub.status).toBe('canceled');
    const deleted = await t.db
      .selectFrom('billing_events')
      .select('id')
      .where('type', '=', 'customer.subscription.deleted')
      .execute();
    expect(deleted).toHaveLength(1);
    // Nothing left to cancel, and a new subscription may start.
    expect((await post(`${portalPath}/resume`)).body.code).toBe('NO_SUBSCRIPTION');
    expect((await post('/api/v1/subscription/create', { planId: 'monthly' })).status).toBe(200);
  });

  it('renews at the period end, at the price of the day (the offer has ended)', async () => {
    await pay(await openCheckout());
    await moveTo(new Date('2026-01-20T02:00:01.000Z'));
    expect(await profile()).toMatchObject({
      account_type: 'premium',
      subscription_status: 'active',
    });
    expect((await status()).subscription).toMatchObject({
      status: 'active',
      price: 9.99,
      currentPeriodEnd: '2026-02-20T02:00:00.000Z',
    });
    expect(await count('subscriptions')).toBe(1);
  });

  it("keeps another learner's checkout and portal to themselves (404)", async () => {
    const id = await openCheckout();
    await post('/api/v1/subscription/customer-portal'); // NO_SUBSCRIPTION yet
    const other = await registerVerifiedUser(t, { email: 'other@example.com', password });
    for (const res of [
      await get(checkoutPath(id), other.token),
      await pay(id, {}, other.token),
      await post(`${checkoutPath(id)}/cancel`, undefined, other.token),
      await get(`/api/v1/subscription/checkout-result?session_id=${id}`, other.token),
    ]) {
      expect(res.status).toBe(404);
    }
    await nothingChanged(id);
    await pay(id);
    const portal = await post('/api/v1/subscription/customer-portal');
    const portalPath = `/api/v1/demo-billing/portal/${portal.body.data.url.split('/').pop()}`;
    expect((await get(portalPath, other.token)).status).toBe(404);
    expect((await post(`${portalPath}/cancel`, undefined, other.token)).status).toBe(404);
    expect((await status()).subscription.cancelAtPeriodEnd).toBe(false);
    expect((await get(portalPath, 'not-a-token')).status).toBe(401);
  });

  it('refuses a second subscription: at create, and when paying a checkout opened before', async () => {
    const first = await openCheckout();
    const second = await openCheckout('yearly');
    await pay(first);
    const create = await post('/api/v1/subscription/create', { planId: 'yearly' });
    expect(create.status).toBe(409);
    expect(create.body).toMatchObject({
      code: 'SUBSCRIPTION_EXISTS',
      message:
        'You already have an active or processing subscription plan. Please cancel it before subscribing to a new one.',
      planName: 'Monthly',
      status: 'active',
    });
    const paySecond = await pay(second);
    expect(paySecond.status).toBe(409);
    expect(paySecond.body.code).toBe('SUBSCRIPTION_EXISTS');
    expect(await count('demo_subscriptions')).toBe(1);
  });

  it('a cancelled or day-old checkout cannot be paid', async () => {
    const id = await openCheckout();
    const back = await post(`${checkoutPath(id)}/cancel`);
    expect(back.body.data).toEqual({
      redirectUrl: 'http://mnemo.test/payment/result?status=cancel',
    });
    const late = await pay(id);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('CHECKOUT_EXPIRED');
    expect(
      (await get(`/api/v1/subscription/checkout-result?session_id=${id}`)).body.data,
    ).toMatchObject({ status: 'failed' });

    const stale = await openCheckout();
    await moveTo(new Date(START.getTime() + 24 * 60 * 60 * 1000 + 1));
    expect((await get(checkoutPath(stale))).body.data.status).toBe('expired');
    expect((await pay(stale)).body.code).toBe('CHECKOUT_EXPIRED');
    expect((await profile()).account_type).toBe('free');
  });

  it('checks the plan: required, choosable, and of the period asked for', async () => {
    const missing = await post('/api/v1/subscription/create', { periodType: 'month' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'PLAN_REQUIRED', message: 'Please select a plan.' });
    for (const body of [
      { planId: 'free' },
      { planId: 'lifetime' },
      { planId: 'monthly', periodType: 'year' },
    ]) {
      const res = await post('/api/v1/subscription/create', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PLAN_NOT_AVAILABLE');
    }
    expect((await post('/api/v1/subscription/create', { planId: 'monthly' }, '')).status).toBe(401);
    expect((await t.call('GET', '/api/v1/subscription/plans')).body.data[1]).toMatchObject({
      stripe_price_id: 'demo_price_monthly',
      choosable: true,
      price: 5,
    });
  });

  it("takes webhooks signed only with the demo's own secret", async () => {
    const event = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { id: 'sub_x', object: 'subscription', status: 'active' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: 'whsec_guessed',
      timestamp: Math.floor(START.getTime() / 1000),
    });
    const res = await t.app.request('/api/v1/subscription/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: event,
    });
    expect(res.status).toBe(400);
    expect(await count('billing_events')).toBe(0);
  });

  it("shows a quiz report's explanations as soon as the payment lands", async () => {
    const uploaded = await upload(t, token, [
      corpusFile('../study-corpus/textbook/en_ims_ch01_data_hello.md'),
    ]);
    const materialId = uploaded.body.data.id as string;
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 5,
      questionTypes: ['multiple_choice'],
      language: 'en-US',
    });
    expect(gen.status).toBe(201);
    const quizId = gen.body.data.quizId as string;
    const answers = gen.body.data.questions.map((q: { id: string; options: { id: string }[] }) => ({
      questionId: q.id,
      optionId: q.options[0]!.id,
    }));
    expect((await post(`/api/v1/quiz/${quizId}/submit`, { answers })).status).toBe(200);
    const free = await get(`/api/v1/quiz/${quizId}/report`);
    expect(free.body.data.answersDetail[0].explanation).toBeUndefined();

    await pay(await openCheckout());
    const premium = await get(`/api/v1/quiz/${quizId}/report`);
    expect(premium.body.data.premium).toBe(true);
    expect(premium.body.data.answersDetail[0].explanation).toEqual(expect.any(String));
    expect(userId).toBeTruthy();
  });
});

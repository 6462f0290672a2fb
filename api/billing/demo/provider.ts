import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { addMs, iso } from '../../lib/clock.js';
import type { BillingDeps, BillingProvider } from '../types.js';
import {
  checkoutObject,
  customerIdOf,
  demoId,
  eventObject,
  seconds,
  subscriptionObject,
} from './objects.js';

/** Stripe's checkout sessions expire after 24 hours; the demo's do too. */
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/** Hands a signed event to the webhook handler, as Stripe's POST would. */
export type Deliver = (payload: string, signature: string) => Promise<unknown>;

/** What the demo checkout's parts share: the app, and the way its events reach Mnemo. */
export interface DemoContext {
  deps: BillingDeps;
  webhookSecret: string;
  /** Signs an event exactly as Stripe signs one and delivers it; resolves once it is applied. */
  emit(type: string, object: object, opts?: { id?: string; previous?: object }): Promise<void>;
}

/** The demo's shared context: its webhook secret and its way of emitting signed events. */
export function demoContext(deps: BillingDeps, deliver: Deliver): DemoContext {
  // Derived from the app secret, so every instance of one deployment shares it.
  const webhookSecret = `whsec_${createHmac('sha256', deps.secret)
    .update('mnemo demo billing webhooks')
    .digest('base64url')}`;
  return {
    deps,
    webhookSecret,
    async emit(type, object, opts = {}) {
      const now = deps.clock.now();
      const payload = JSON.stringify(
        eventObject(opts.id ?? demoId('evt'), type, object, now, opts.previous),
      );
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: seconds(now),
      });
      await deliver(payload, signature);
    },
  };
}

/** The built-in demo checkout behind the provider interface: no network, no money. */
export function demoProvider(ctx: DemoContext): BillingProvider {
  const { db, clock, config } = ctx.deps;
  return {
    name: 'demo',
    webhookSecret: ctx.webhookSecret,

    async createCheckout(req) {
      const now = clock.now();
      const id = demoId('cs');
      await db
        .insertInto('demo_checkout_sessions')
        .values({
          id,
          user_id: req.userId,
          customer_id: req.customerId ?? customerIdOf(req.userId),
          plan_id: req.plan.id,
          price_id: req.priceId,
          period_type: req.periodType,
          amount_cents: req.amountCents,
          currency: req.plan.currency,
          email: req.email,
          status: 'open',
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          subscription_id: null,
          expires_at: iso(addMs(now, CHECKOUT_TTL_MS)),
          created_at: iso(now),
          completed_at: null,
        })
        .execute();
      return { id, url: `${config.publicUrl}/demo/checkout/${id}` };
    },

    async createPortal(req) {
      const id = demoId('bps');
      await db
        .insertInto('demo_portal_sessions')
        .values({
          id,
          user_id: req.userId,
          customer_id: req.customerId,
          return_url: req.returnUrl,
          created_at: iso(clock.now()),
        })
        .execute();
      return { url: `${config.publicUrl}/demo/portal/${id}` };
    },

    async retrieveSubscription(id) {
      const row = await db
        .selectFrom('demo_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? subscriptionObject(row) : null;
    },

    async retrieveCheckout(id) {
      const row = await db
        .selectFrom('demo_checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? checkoutObject(row, clock.now(), config.publicUrl) : null;
    },
  };
}

import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { DemoCheckoutSession, DemoSubscription } from '../../db/schema.js';
import type { PeriodType } from '../types.js';

/*
 * The demo checkout's objects in Stripe's JSON shapes (API version of the installed SDK), so the
 * shared webhook handler reads them exactly as it reads Stripe's.
 */

/** A Stripe-like id: cs_demo_…, sub_demo_…, evt_demo_… */
export const demoId = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString('hex')}`;

/** One demo customer per learner, like the Stripe customer of their first checkout. */
export const customerIdOf = (userId: string) => `cus_demo_${userId.replace(/-/g, '')}`;

/** Unix seconds, as Stripe's objects carry times. */
export const seconds = (at: string | Date) =>
  Math.floor((typeof at === 'string' ? Date.parse(at) : at.getTime()) / 1000);

/** `months` calendar months after `anchor`, on the anchor's day or the month's last day. */
export function addMonths(anchor: Date, months: number): Date {
  const d = new Date(anchor.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The end of the n-th period (1-based) of a subscription that started at `anchor`. */
export const periodEnd = (anchor: Date, periodType: PeriodType, n: number) =>
  addMonths(anchor, (periodType === 'year' ? 12 : 1) * n);

const metadataOf = (row: { user_id: string; plan_id: string }) => ({
  user_id: row.user_id,
  plan_id: row.plan_id,
});

function priceObject(row: DemoSubscription | DemoCheckoutSession) {
  return {
    id: row.price_id,
    object: 'price',
    active: true,
    currency: row.currency.toLowerCase(),
    livemode: false,
    product: `prod_demo_${row.plan_id}`,
    recurring: { interval: row.period_type, interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: row.amount_cents,
  };
}

/** A demo subscription as Stripe's GET /v1/subscriptions/{id} answers one. */
export function subscriptionObject(row: DemoSubscription) {
  const start = seconds(row.current_period_start);
  const end = seconds(row.current_period_end);
  const cancelling = row.cancel_at_period_end === 1;
  return {
    id: row.id,
    object: 'subscription',
    billing_cycle_anchor: seconds(row.anchor),
    cancel_at: cancelling ? end : null,
    cancel_at_period_end: cancelling,
    canceled_at: row.canceled_at ? seconds(row.canceled_at) : null,
    collection_method: 'charge_automatically',
    created: seconds(row.created_at),
    currency: row.currency.toLowerCase(),
    customer: row.customer_id,
    ended_at: row.ended_at ? seconds(row.ended_at) : null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${row.id}`,
          object: 'subscription_item',
          created: seconds(row.created_at),
          current_period_start: start,
          current_period_end: end,
          metadata: {},
          price: priceObject(row),
          quantity: 1,
          subscription: row.id,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${row.id}`,
    },
    livemode: false,
    metadata: metadataOf(row),
    start_date: seconds(row.created_at),
    status: row.status,
    trial_end: null,
    trial_start: null,
  };
}

/** Where a checkout returns after payment, with Stripe's {CHECKOUT_SESSION_ID} filled in. */
export const successUrlOf = (row: DemoCheckoutSession) =>
  row.success_url.replace('{CHECKOUT_SESSION_ID}', row.id);

/** open, complete, or expired (by its expiry time as well as by being cancelled). */
export function checkoutStatus(row: DemoCheckoutSession, now: Date): DemoCheckoutSession['status'] {
  return row.status === 'open' && Date.parse(row.expires_at) <= now.getTime()
    ? 'expired'
    : row.status;
}

/** A demo checkout session as Stripe's GET /v1/checkout/sessions/{id} answers one. */
export function checkoutObject(row: DemoCheckoutSession, now: Date, publicUrl: string) {
  const status = checkoutStatus(row, now);
  return {
    id: row.id,
    object: 'checkout.session',
    amount_subtotal: row.amount_cents,
    amount_total: row.amount_cents,
    cancel_url: row.cancel_url,
    client_reference_id: row.user_id,
    created: seconds(row.created_at),
    currency: row.currency.toLowerCase(),
    customer: row.customer_id,
    customer_email: row.email,
    expires_at: seconds(row.expires_at),
    livemode: false,
    metadata: metadataOf(row),
    mode: 'subscription',
    payment_status: status === 'complete' ? 'paid' : 'unpaid',
    status,
    subscription: row.subscription_id,
    success_url: row.success_url,
    url: status === 'open' ? `${publicUrl}/demo/checkout/${row.id}` : null,
  };
}

/** The paid invoice of one period of a demo subscription. */
export function invoiceObject(
  row: DemoSubscription,
  id: string,
  reason: 'subscription_create' | 'subscription_cycle',
) {
  const start = seconds(row.current_period_start);
  const end = seconds(row.current_period_end);
  return {
    id,
    object: 'invoice',
    amount_due: row.amount_cents,
    amount_paid: row.amount_cents,
    amount_remaining: 0,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: start,
    currency: row.currency.toLowerCase(),
    customer: row.customer_id,
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${id}`,
          object: 'line_item',
          amount: row.amount_cents,
          currency: row.currency.toLowerCase(),
          period: { start, end },
          pricing: {
            type: 'price_details',
            price_details: { price: row.price_id, product: `prod_demo_${row.plan_id}` },
          },
          quantity: 1,
        },
      ],
      has_more: false,
    },
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: metadataOf(row), subscription: row.id },
    },
    period_start: start,
    period_end: end,
    status: 'paid',
    status_transitions: { paid_at: start },
  };
}

/** An event as Stripe delivers it to a webhook endpoint. */
export function eventObject(
  id: string,
  type: string,
  object: object,
  now: Date,
  previousAttributes?: object,
) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(now),
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

import { z } from 'zod';

/*
 * The few fields Mnemo reads from Stripe's objects, for both providers (the demo checkout
 * emits the same shapes). Readers accept the shapes of API versions before and after
 * 2025-03-31, which moved current_period_end onto the subscription items and an invoice's
 * subscription under parent.subscription_details.
 */

const id = z.string().min(1).max(255);
/** An id, or the expanded object carrying it. */
const ref = z.union([id, z.object({ id })]).transform((v) => (typeof v === 'string' ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();

const subscriptionSchema = z.object({
  id,
  object: z.literal('subscription'),
  customer: ref.nullish(),
  status: z.string().min(1).max(30),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: z.number().nullish(),
  current_period_end: z.number().nullish(),
  metadata,
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_end: z.number().nullish(),
          price: z
            .object({
              id,
              unit_amount: z.number().nullish(),
              currency: z.string().nullish(),
            })
            .nullish(),
        }),
      ),
    })
    .nullish(),
});

const checkoutSchema = z.object({
  id,
  object: z.literal('checkout.session'),
  mode: z.string().nullish(),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: ref.nullish(),
  subscription: ref.nullish(),
});

const invoiceSchema = z.object({
  object: z.literal('invoice'),
  subscription: ref.nullish(),
  parent: z
    .object({ subscription_details: z.object({ subscription: ref.nullish() }).nullish() })
    .nullish(),
});

export const eventSchema = z.object({
  id,
  object: z.literal('event'),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type ProviderEvent = z.infer<typeof eventSchema>;

/** A subscription as Mnemo keeps it, read from the provider's object. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string | null;
  status: string;
  /** When premium ends unless renewed: the period end, or cancel_at when that is earlier. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  priceId: string | null;
  amountCents: number | null;
  currency: string | null;
  /** Set by Mnemo when it opened the checkout (subscription_data.metadata). */
  userId: string | null;
  planId: string | null;
}

const isoOfSeconds = (s: number) => new Date(s * 1000).toISOString();

/** The snapshot of a Stripe-shaped subscription object; null when it is not one. */
export function readSubscription(raw: unknown): SubscriptionSnapshot | null {
  const parsed = subscriptionSchema.safeParse(raw);
  if (!parsed.success) return null;
  const s = parsed.data;
  const items = s.items?.data ?? [];
  const itemEnds = items.map((i) => i.current_period_end).filter((n): n is number => n != null);
  const periodEnd = itemEnds.length ? Math.max(...itemEnds) : (s.current_period_end ?? null);
  // Newer portals cancel with cancel_at (at the period end, or a date before it).
  const cancelAt = s.cancel_at ?? null;
  const end =
    cancelAt !== null && periodEnd !== null
      ? Math.min(cancelAt, periodEnd)
      : (periodEnd ?? cancelAt);
  const price = items[0]?.price ?? null;
  return {
    id: s.id,
    customerId: s.customer ?? null,
    status: s.status,
    currentPeriodEnd: end === null ? null : isoOfSeconds(end),
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end) || cancelAt !== null,
    priceId: price?.id ?? null,
    amountCents: price?.unit_amount ?? null,
    currency: price?.currency ? price.currency.toUpperCase() : null,
    userId: s.metadata?.user_id ?? null,
    planId: s.metadata?.plan_id ?? null,
  };
}

export type CheckoutSnapshot = z.infer<typeof checkoutSchema>;

/** A Stripe-shaped checkout session; null when it is not one. */
export function readCheckout(raw: unknown): CheckoutSnapshot | null {
  const parsed = checkoutSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Which subscription an event is about, and the learner Mnemo named when it opened checkout. */
export interface EventTarget {
  subscriptionId: string;
  userHint: string | null;
  /** The subscription the event carries, used only if the provider no longer knows it. */
  embedded: unknown;
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

/** The subscription an event concerns; null for events Mnemo does not act on. */
export function eventTarget(event: ProviderEvent): EventTarget | null {
  const object = event.data.object;
  if (event.type === 'checkout.session.completed') {
    const session = readCheckout(object);
    if (!session || session.mode !== 'subscription' || !session.subscription) return null;
    return {
      subscriptionId: session.subscription,
      userHint: session.client_reference_id ?? null,
      embedded: null,
    };
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const sub = readSubscription(object);
    return sub ? { subscriptionId: sub.id, userHint: null, embedded: object } : null;
  }
  if (INVOICE_EVENTS.has(event.type)) {
    const invoice = invoiceSchema.safeParse(object);
    if (!invoice.success) return null;
    const subscriptionId =
      invoice.data.parent?.subscription_details?.subscription ?? invoice.data.subscription;
    return subscriptionId ? { subscriptionId, userHint: null, embedded: null } : null;
  }
  return null;
}

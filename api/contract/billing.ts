import { z } from 'zod';

const periodType = z.enum(['month', 'year']);

/** A plan on sale (api/billing/plans.ts presentPlan), the spec's snake_case names. */
export const plan = z
  .strictObject({
    plan_id: z.string(),
    id: z.string(),
    name: z.string(),
    name_en: z.string(),
    description: z.string(),
    description_en: z.string(),
    display_order: z.number(),
    period_type: periodType.nullable().meta({ description: 'null: the free plan.' }),
    currency: z.string(),
    list_price: z.number().meta({ description: 'Decimal amount (9.99).' }),
    offer_price: z.number().nullable(),
    offer_until: z.string().nullable().meta({ description: 'The last instant the offer holds.' }),
    price: z.number().meta({ description: 'What a checkout now charges.' }),
    offer_active: z.boolean(),
    stripe_price_id: z.string().nullable(),
    choosable: z.boolean().meta({ description: 'A checkout can be opened for it.' }),
  })
  .meta({ id: 'Plan' });
export type PlanRow = z.output<typeof plan>;

/** GET /subscription/plans. */
export const plans = z.array(plan);

/** A subscription (api/billing/subscriptions.ts presentSubscription). */
export const subscription = z
  .strictObject({
    id: z.string(),
    plan_id: z.string().nullable(),
    name: z.string(),
    name_en: z.string(),
    price: z.number(),
    currency: z.string(),
    status: z
      .string()
      .meta({ description: "The provider's status (active, past_due, canceled…)." }),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    periodType: periodType.nullable(),
    provider: z.enum(['stripe', 'demo']),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionAnswer = z.output<typeof subscription>;

/** GET /subscription/status: premium or not, and the open subscription (null: none). */
export const subscriptionStatus = z
  .strictObject({
    hasActiveSubscription: z.boolean(),
    subscription: subscription.nullable(),
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatusAnswer = z.output<typeof subscriptionStatus>;

export const checkoutOutcome = z.enum(['success', 'processing', 'failed', 'cancelled']);
export type CheckoutOutcome = z.output<typeof checkoutOutcome>;

/** GET /subscription/checkout-result: how the checkout ended, and the status after it. */
export const checkoutResult = subscriptionStatus
  .extend({ status: checkoutOutcome })
  .meta({ id: 'CheckoutResult' });
export type CheckoutResult = z.output<typeof checkoutResult>;

/** POST /subscription/create and /customer-portal: the hosted page to send the browser to. */
export const hostedPage = z.strictObject({ url: z.string() });
export type HostedPage = z.output<typeof hostedPage>;

/** GET /demo-billing/checkout/{id}: what the demo checkout page shows. */
export const demoCheckout = z
  .strictObject({
    id: z.string(),
    status: z.enum(['open', 'complete', 'expired']),
    planName: z.string(),
    planNameEn: z.string(),
    amount: z.number(),
    currency: z.string(),
    periodType,
    email: z.string(),
    successUrl: z.string(),
    cancelUrl: z.string(),
  })
  .meta({ id: 'DemoCheckout' });
export type DemoCheckout = z.output<typeof demoCheckout>;

/** POST /demo-billing/checkout/{id}/pay and /cancel: where the browser goes next. */
export const demoRedirect = z.strictObject({ redirectUrl: z.string() });
export type DemoRedirect = z.output<typeof demoRedirect>;

/** GET /demo-billing/portal/{id}: the subscription it manages (null: none open). */
export const demoPortal = z
  .strictObject({ subscription: subscription.nullable(), returnUrl: z.string() })
  .meta({ id: 'DemoPortal' });
export type DemoPortal = z.output<typeof demoPortal>;

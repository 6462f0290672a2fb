import type { Deps } from '../lib/context.js';
import type { Locale } from '../lib/errors.js';
import type { Plan } from '../db/schema.js';
import type { DemoBilling } from './demo/index.js';

export type ProviderName = 'stripe' | 'demo';
export type PeriodType = 'month' | 'year';

/** What the billing services need from the app's dependencies. */
export type BillingDeps = Pick<Deps, 'db' | 'clock' | 'logger' | 'config' | 'secret'>;

export interface CheckoutRequest {
  userId: string;
  email: string;
  locale: Locale;
  plan: Plan;
  periodType: PeriodType;
  priceId: string;
  /** What is charged today (the offer price while it runs). */
  amountCents: number;
  /** The provider's customer from an earlier subscription, so the portal shows one history. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A payment provider: Stripe or the built-in demo checkout. Everything after these calls (the
 * webhook handler, the copy in `subscriptions`, the learner's premium) is shared.
 */
export interface BillingProvider {
  readonly name: ProviderName;
  /** The secret webhook signatures are made and checked with (Stripe's scheme for both). */
  readonly webhookSecret: string;
  createCheckout(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortal(req: {
    userId: string;
    customerId: string;
    returnUrl: string;
    locale: Locale;
  }): Promise<{ url: string }>;
  /** The subscription object as the provider answers it now (Stripe's shape); null if unknown. */
  retrieveSubscription(id: string): Promise<unknown>;
  /** The checkout session object (Stripe's shape); null if unknown. */
  retrieveCheckout(id: string): Promise<unknown>;
}

/** The billing of one app: its provider and, when that is the demo, the demo's own pages. */
export interface Billing {
  provider: BillingProvider;
  /** The demo checkout's pages, portal and clock; only when it is the provider. */
  demo?: DemoBilling;
}

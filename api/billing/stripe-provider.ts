import Stripe from 'stripe';
import type { BillingConfig } from '../env.js';
import { AppError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { BillingProvider } from './types.js';

type StripeSettings = NonNullable<BillingConfig['stripe']>;

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeError &&
  (err.statusCode === 404 || err.code === 'resource_missing');

/** Stripe through its official SDK: hosted Checkout, the Billing Portal, object retrieval. */
export function stripeProvider(settings: StripeSettings, logger: Logger): BillingProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Mnemo' },
  });

  /** A failed Stripe call is the learner's "payment service unavailable", logged for us. */
  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      logger.error({ err, call: what }, 'billing: Stripe call failed');
      throw new AppError('BILLING_UNAVAILABLE', { cause: err });
    }
  }

  /** A retrieval: null when Stripe does not know the id. */
  async function find<T>(what: string, fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (isMissing(err)) return null;
      return call(what, () => Promise.reject(err));
    }
  }

  return {
    name: 'stripe',
    webhookSecret: settings.webhookSecret,

    async createCheckout(req) {
      const metadata = { user_id: req.userId, plan_id: req.plan.id };
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: req.priceId, quantity: 1 }],
          client_reference_id: req.userId,
          ...(req.customerId ? { customer: req.customerId } : { customer_email: req.email }),
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          locale: req.locale === 'en' ? 'en' : 'zh-TW',
          metadata,
          // On the subscription too, so its own events name the learner in any order.
          subscription_data: { metadata },
        }),
      );
      if (!session.url) {
        logger.error({ session: session.id }, 'billing: Stripe checkout session without a url');
        throw new AppError('BILLING_UNAVAILABLE');
      }
      return { id: session.id, url: session.url };
    },

    async createPortal(req) {
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({
          customer: req.customerId,
          return_url: req.returnUrl,
          locale: req.locale === 'en' ? 'en' : 'zh-TW',
        }),
      );
      return { url: session.url };
    },

    retrieveSubscription: (id) =>
      find('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id)),
    retrieveCheckout: (id) =>
      find('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(id)),
  };
}

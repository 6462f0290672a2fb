import { createDemoBilling } from './demo/index.js';
import { stripeProvider } from './stripe-provider.js';
import type { Billing, BillingDeps } from './types.js';
import { receiveWebhook } from './webhook.js';

const built = new WeakMap<BillingDeps, Billing>();

/** The app's billing: Stripe when configured, else the demo checkout; built once per app. */
export function billingOf(deps: BillingDeps): Billing {
  const known = built.get(deps);
  if (known) return known;
  const settings = deps.config.billing;
  let billing: Billing;
  if (settings.provider === 'stripe' && settings.stripe) {
    billing = { provider: stripeProvider(settings.stripe, deps.logger) };
  } else {
    // The demo's events go into the same handler as Stripe's POSTs, in process.
    const demo = createDemoBilling(deps, (payload, signature) =>
      receiveWebhook(deps, billing, payload, signature),
    );
    billing = { provider: demo.provider, demo: demo.demo };
  }
  built.set(deps, billing);
  return billing;
}

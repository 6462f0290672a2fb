import { findUserById } from '../auth/service.js';
import { AppError, type Locale } from '../lib/errors.js';
import { grantsPremium, isOpen } from './entitlement.js';
import { billingOf } from './index.js';
import {
  effectivePriceId,
  findPlan,
  isPeriodType,
  listPlans,
  presentPlan,
  priceCentsAt,
} from './plans.js';
import { readCheckout } from './stripe-objects.js';
import {
  assertNoOpenSubscription,
  subscriptionStatus,
  userSubscriptions,
} from './subscriptions.js';
import type { BillingDeps, PeriodType } from './types.js';
import { syncSubscription } from './webhook.js';

/** GET /subscription/plans: every plan with today's price. */
export async function getPlans(deps: BillingDeps) {
  const now = deps.clock.now();
  return (await listPlans(deps.db)).map((p) => presentPlan(p, now, deps.config.billing));
}

/** GET /subscription/status: whether the learner is premium, and the open subscription. */
export function getStatus(deps: BillingDeps, userId: string) {
  return subscriptionStatus(deps.db, userId, deps.clock.now(), billingOf(deps).provider.name);
}

/**
 * POST /subscription/create: a hosted checkout for a choosable plan, unless the learner
 * already has an open subscription (SUBSCRIPTION_EXISTS).
 */
export async function createCheckout(
  deps: BillingDeps,
  userId: string,
  input: { planId: string; periodType?: PeriodType },
  locale: Locale,
): Promise<{ url: string }> {
  const billing = billingOf(deps);
  const now = deps.clock.now();
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const plan = await findPlan(deps.db, input.planId);
  const priceId = plan ? effectivePriceId(plan, deps.config.billing) : null;
  if (
    !plan ||
    !priceId ||
    !isPeriodType(plan.period_type) ||
    (input.periodType && input.periodType !== plan.period_type)
  ) {
    throw new AppError('PLAN_NOT_AVAILABLE', { details: { planId: input.planId } });
  }
  const rows = await assertNoOpenSubscription(deps.db, userId, now, billing.provider.name, locale);
  const customerId =
    rows.find((r) => r.provider === billing.provider.name && r.provider_customer_id)
      ?.provider_customer_id ?? null;
  const base = deps.config.publicUrl;
  const { url } = await billing.provider.createCheckout({
    userId,
    email: user.email,
    locale,
    plan,
    periodType: plan.period_type,
    priceId,
    amountCents: priceCentsAt(plan, now),
    customerId,
    successUrl: `${base}/payment/result?status=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/payment/result?status=cancel`,
  });
  return { url };
}

/** POST /subscription/customer-portal: the provider's portal for the learner's subscriptions. */
export async function openPortal(
  deps: BillingDeps,
  userId: string,
  locale: Locale,
): Promise<{ url: string }> {
  const billing = billingOf(deps);
  const rows = await userSubscriptions(deps.db, userId);
  const customerId = rows.find(
    (r) => r.provider === billing.provider.name && r.provider_customer_id,
  )?.provider_customer_id;
  if (!customerId) throw new AppError('NO_SUBSCRIPTION');
  return billing.provider.createPortal({
    userId,
    customerId,
    returnUrl: `${deps.config.publicUrl}/subscription`,
    locale,
  });
}

export type CheckoutOutcome = 'success' | 'processing' | 'failed' | 'cancelled';

/**
 * GET /subscription/checkout-result: how a checkout ended, for the payment result page. A
 * completed checkout's subscription is fetched from the provider at once, so the page does
 * not depend on the webhook's timing. Without a session, the learner's status decides.
 */
export async function checkoutResult(deps: BillingDeps, userId: string, sessionId?: string) {
  const billing = billingOf(deps);
  const active = billing.provider.name;
  if (!sessionId) {
    const status = await getStatus(deps, userId);
    const outcome: CheckoutOutcome = status.hasActiveSubscription ? 'success' : 'failed';
    return { status: outcome, ...status };
  }
  const session = readCheckout(await billing.provider.retrieveCheckout(sessionId));
  if (!session || session.client_reference_id !== userId) throw new AppError('NOT_FOUND');
  let outcome: CheckoutOutcome = session.status === 'expired' ? 'failed' : 'processing';
  if (session.status === 'complete' && session.subscription) {
    await syncSubscription(deps, billing, session.subscription, userId);
    const now = deps.clock.now();
    const row = (await userSubscriptions(deps.db, userId)).find(
      (r) => r.provider === active && r.provider_subscription_id === session.subscription,
    );
    if (row && grantsPremium(row, now, active)) outcome = 'success';
    else if (row && !isOpen(row, now, active)) outcome = 'failed';
  }
  return { status: outcome, ...(await getStatus(deps, userId)) };
}

import Stripe from 'stripe';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { eventSchema, eventTarget, readSubscription } from './stripe-objects.js';
import { applySnapshot, type ApplyContext } from './subscriptions.js';
import type { Billing, BillingDeps } from './types.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

function applyContext(deps: BillingDeps, billing: Billing): ApplyContext {
  return {
    now: deps.clock.now(),
    provider: billing.provider.name,
    billing: deps.config.billing,
    logger: deps.logger,
  };
}

/**
 * The provider's subscription as it is now. Events may arrive late, twice or out of order, so
 * the state always comes from the provider's current object, never from the event's copy or
 * its place in the sequence; the copy serves only when the provider no longer knows it.
 */
async function fetchSnapshot(deps: BillingDeps, billing: Billing, id: string, embedded: unknown) {
  let raw: unknown;
  try {
    raw = await billing.provider.retrieveSubscription(id);
  } catch (err) {
    deps.logger.warn({ err, subscription: id }, 'billing: subscription could not be fetched');
    throw err instanceof AppError ? err : new AppError('BILLING_UNAVAILABLE', { cause: err });
  }
  return readSubscription(raw ?? embedded);
}

/**
 * POST /subscription/webhook for both providers: checks the Stripe-scheme signature on the raw
 * body, then applies the event once per event id. An error answer makes the provider retry.
 */
export async function receiveWebhook(
  deps: BillingDeps,
  billing: Billing,
  payload: string | Uint8Array,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let verified: unknown;
  try {
    verified = await Stripe.webhooks.constructEventAsync(
      payload,
      signature ?? '',
      billing.provider.webhookSecret,
      undefined,
      undefined,
      deps.clock.now().getTime(),
    );
  } catch (err) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', { cause: err });
  }
  const parsed = eventSchema.safeParse(verified);
  if (!parsed.success) {
    deps.logger.warn({ issues: parsed.error.issues }, 'billing: signed event of unknown shape');
    return 'ignored';
  }
  const event = parsed.data;
  const seen = await deps.db
    .selectFrom('billing_events')
    .select('id')
    .where('id', '=', event.id)
    .executeTakeFirst();
  if (seen) return 'duplicate';

  const target = eventTarget(event);
  // Fetched before the transaction: no database lock is held over a network call.
  const snapshot = target
    ? await fetchSnapshot(deps, billing, target.subscriptionId, target.embedded)
    : null;
  const ctx = applyContext(deps, billing);
  return deps.db.transaction().execute(async (trx) => {
    // The event id is recorded in the same transaction as its effect: both or neither.
    const recorded = await trx
      .insertInto('billing_events')
      .values({
        id: event.id,
        provider: billing.provider.name,
        type: event.type,
        processed_at: iso(ctx.now),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
    if (!snapshot) return 'ignored';
    await applySnapshot(trx, ctx, snapshot, target?.userHint ?? null);
    return 'applied';
  });
}

/**
 * Brings one subscription up to date from the provider outside any event: the payment result
 * page calls it so a learner back from checkout need not wait for the webhook.
 */
export async function syncSubscription(
  deps: BillingDeps,
  billing: Billing,
  subscriptionId: string,
  userHint: string | null,
): Promise<void> {
  const snapshot = await fetchSnapshot(deps, billing, subscriptionId, null);
  if (!snapshot) return;
  const ctx = applyContext(deps, billing);
  await deps.db.transaction().execute((trx) => applySnapshot(trx, ctx, snapshot, userHint));
}

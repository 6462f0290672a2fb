import type { Locale } from '../../lib/errors.js';
import type { BillingDeps, BillingProvider } from '../types.js';
import type { CardInput } from './card.js';
import { cancelCheckout, getCheckout, payCheckout } from './checkout.js';
import { getPortal, setCancelAtPeriodEnd } from './portal.js';
import { demoContext, demoProvider, type Deliver } from './provider.js';
import { advanceDemoSubscriptions } from './renewals.js';

/** The demo checkout's own pages (checkout, portal) and its clock. */
export function demoOperations(ctx: ReturnType<typeof demoContext>) {
  return {
    getCheckout: (userId: string, id: string) => getCheckout(ctx, userId, id),
    pay: (userId: string, id: string, card: CardInput, locale: Locale) =>
      payCheckout(ctx, userId, id, card, locale),
    cancelCheckout: (userId: string, id: string) => cancelCheckout(ctx, userId, id),
    getPortal: (userId: string, id: string) => getPortal(ctx, userId, id),
    setCancelAtPeriodEnd: (userId: string, id: string, cancel: boolean) =>
      setCancelAtPeriodEnd(ctx, userId, id, cancel),
    /** Ends or renews what is due at `now` (the billing clock calls it). */
    advance: (now: Date) => advanceDemoSubscriptions(ctx, now),
  };
}
export type DemoBilling = ReturnType<typeof demoOperations>;

/** The demo provider and its pages; its events go to `deliver` (the webhook handler). */
export function createDemoBilling(
  deps: BillingDeps,
  deliver: Deliver,
): { provider: BillingProvider; demo: DemoBilling } {
  const ctx = demoContext(deps, deliver);
  return { provider: demoProvider(ctx), demo: demoOperations(ctx) };
}

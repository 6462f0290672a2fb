import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { parseSubscription, type Subscription } from './get-subscription-status';
import { demoPortalPath } from './paths';
import { answerData } from '../../../lib/api-answer';

export interface DemoPortal {
  subscription: Subscription | null;
  returnUrl: string;
}

const portalSchema = z.object({
  subscription: z.catch(z.unknown(), null),
  returnUrl: z.catch(z.string(), ''),
});

/** GET /demo-billing/portal/{id}: the subscription it manages. Throws ApiError 404. */
export async function getDemoPortal(portalId: string, signal?: AbortSignal): Promise<DemoPortal> {
  const p = portalSchema.parse(answerData(await api(demoPortalPath(portalId), { signal })));
  return { subscription: parseSubscription(p.subscription), returnUrl: p.returnUrl };
}

/**
 * POST /demo-billing/portal/{id}/cancel (at period end) or /resume: the updated subscription.
 */
export async function changeDemoSubscription(
  portalId: string,
  action: 'cancel' | 'resume',
): Promise<Subscription | null> {
  const raw = answerData(await api(`${demoPortalPath(portalId)}/${action}`, { method: 'POST' }));
  const inner = raw && typeof raw === 'object' && 'subscription' in raw ? raw.subscription : raw;
  return parseSubscription(inner);
}

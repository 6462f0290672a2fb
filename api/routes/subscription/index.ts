import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import { AppError } from '../../lib/errors.js';
import { billingOf } from '../../billing/index.js';
import { receiveWebhook } from '../../billing/webhook.js';
import {
  checkoutResult,
  createCheckout,
  getPlans,
  getStatus,
  openPortal,
} from '../../billing/subscription-service.js';
import { ok, route } from '../../lib/contract.js';
import {
  checkoutResult as checkoutResultAnswer,
  hostedPage,
  plans,
  subscriptionStatus,
} from '../../contract/billing.js';

const createBody = z.object({
  // The spec's client may send a number; a missing one is PLAN_REQUIRED, not a 400 by zod.
  planId: z
    .union([z.string().max(40), z.number().int()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
  periodType: z.enum(['month', 'year']).optional(),
});

/** /api/v1/subscription: plans, status, checkout, portal, checkout result, provider webhook. */
export function subscriptionRoutes() {
  const r = new Hono<AppEnv>();

  r.get(
    '/plans',
    route({
      tag: 'billing',
      summary: 'The plans on sale with prices.',
      auth: false,
      answers: { 200: ok(plans) },
    }),
    async (c) => c.json({ success: true, data: await getPlans(c.get('deps')) }),
  );

  // Signed by the provider, not by a session: verified on the raw bytes of the body.
  r.post(
    '/webhook',
    route({
      tag: 'billing',
      summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET).',
      auth: false,
      body: { media: 'application/json', schema: { type: 'object' } },
      answers: { 200: ok(z.strictObject({ received: z.literal(true) })) },
      errors: [400, 502],
      doc: 'docs/api/billing.md',
    }),
    async (c) => {
      const deps = c.get('deps');
      const payload = new Uint8Array(await c.req.arrayBuffer());
      await receiveWebhook(deps, billingOf(deps), payload, c.req.header('stripe-signature'));
      return c.json({ success: true, data: { received: true } });
    },
  );

  r.get(
    '/status',
    route({
      tag: 'billing',
      summary: "The learner's subscription: plan, status, period end, cancel at period end.",
      answers: { 200: ok(subscriptionStatus) },
    }),
    requireAuth,
    async (c) => c.json({ success: true, data: await getStatus(c.get('deps'), c.get('user').id) }),
  );

  r.post(
    '/create',
    route({
      tag: 'billing',
      summary: 'Open a hosted checkout for a plan; answers its URL.',
      answers: { 200: ok(hostedPage) },
      errors: [400, 409, 502, 503],
    }),
    requireAuth,
    validate('json', createBody),
    async (c) => {
      const { planId, periodType } = c.req.valid('json');
      if (!planId) throw new AppError('PLAN_REQUIRED');
      const data = await createCheckout(
        c.get('deps'),
        c.get('user').id,
        { planId, periodType },
        c.get('locale'),
      );
      return c.json({ success: true, data });
    },
  );

  r.post(
    '/customer-portal',
    route({
      tag: 'billing',
      summary: 'Open the hosted billing portal; answers its URL.',
      answers: { 200: ok(hostedPage) },
      errors: [404, 502, 503],
    }),
    requireAuth,
    async (c) => {
      const data = await openPortal(c.get('deps'), c.get('user').id, c.get('locale'));
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/checkout-result',
    route({
      tag: 'billing',
      summary: 'The outcome of a checkout the learner came back from.',
      answers: { 200: ok(checkoutResultAnswer) },
      errors: [400, 404, 502],
    }),
    requireAuth,
    validate('query', z.object({ session_id: z.string().trim().max(255).optional() })),
    async (c) => {
      const { session_id: sessionId } = c.req.valid('query');
      const data = await checkoutResult(c.get('deps'), c.get('user').id, sessionId || undefined);
      return c.json({ success: true, data });
    },
  );

  r.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  return r;
}

import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import { AppError } from '../../lib/errors.js';
import { billingOf } from '../../billing/index.js';
import type { DemoBilling } from '../../billing/demo/index.js';
import type { Context } from 'hono';
import { ok, route } from '../../lib/contract.js';
import { demoCheckout, demoPortal, demoRedirect, subscription } from '../../contract/billing.js';

const payBody = z.object({
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  name: z.string().trim().min(1).max(100),
});

/** The demo checkout, or NOT_FOUND when Stripe is the provider. */
function demoOf(c: Context<AppEnv>): DemoBilling {
  const demo = billingOf(c.get('deps')).demo;
  if (!demo) throw new AppError('NOT_FOUND');
  return demo;
}

/** /api/v1/demo-billing: the demo checkout and portal pages' calls (signed-in owner only). */
export function demoBillingRoutes() {
  const r = new Hono<AppEnv>();
  r.use(requireAuth);

  r.get(
    '/checkout/:id',
    route({
      tag: 'demo-billing',
      summary: 'The built-in demo checkout: plan, price, payer, status.',
      answers: { 200: ok(demoCheckout) },
      errors: [404],
    }),
    async (c) => {
      const data = await demoOf(c).getCheckout(c.get('user').id, c.req.param('id'));
      return c.json({ success: true, data });
    },
  );

  r.post(
    '/checkout/:id/pay',
    route({
      tag: 'demo-billing',
      summary: 'Pay a demo checkout with a test card.',
      answers: { 200: ok(demoRedirect) },
      errors: [400, 402, 404, 409, 410],
    }),
    validate('json', payBody),
    async (c) => {
      const data = await demoOf(c).pay(
        c.get('user').id,
        c.req.param('id'),
        c.req.valid('json'),
        c.get('locale'),
      );
      return c.json({ success: true, data });
    },
  );

  r.post(
    '/checkout/:id/cancel',
    route({
      tag: 'demo-billing',
      summary: 'Leave a demo checkout unpaid.',
      answers: { 200: ok(demoRedirect) },
      errors: [404],
    }),
    async (c) => {
      const data = await demoOf(c).cancelCheckout(c.get('user').id, c.req.param('id'));
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/portal/:id',
    route({
      tag: 'demo-billing',
      summary: 'The built-in demo billing portal: subscription and actions.',
      answers: { 200: ok(demoPortal) },
      errors: [404],
    }),
    async (c) => {
      const data = await demoOf(c).getPortal(c.get('user').id, c.req.param('id'));
      return c.json({ success: true, data });
    },
  );

  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    r.post(
      `/portal/:id/${action}`,
      route({
        tag: 'demo-billing',
        summary: cancel
          ? 'Cancel the subscription at the end of the period.'
          : 'Take back a cancellation before the period ends.',
        answers: { 200: ok(subscription.nullable()) },
        errors: [404],
      }),
      async (c) => {
        const data = await demoOf(c).setCancelAtPeriodEnd(
          c.get('user').id,
          c.req.param('id'),
          cancel,
        );
        return c.json({ success: true, data });
      },
    );
  }

  r.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  return r;
}

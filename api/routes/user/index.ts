import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import { presentUser } from '../../auth/service.js';
import { done, ok, route } from '../../lib/contract.js';
import { publicUser } from '../../contract/auth.js';

export function userRoutes() {
  const r = new Hono<AppEnv>();
  r.use(requireAuth);

  // The row requireAuth has just read (after the billing clock): no second read.
  r.get(
    '/profile',
    route({
      tag: 'user',
      summary: 'The signed-in learner: account type, free usage, locale.',
      answers: { 200: ok(publicUser) },
    }),
    (c) => {
      const user = presentUser(c.get('user'));
      return c.json({ success: true, data: user });
    },
  );

  // The language of e-mails follows the one chosen in the app.
  r.put(
    '/preferences',
    route({
      tag: 'user',
      summary: "Save the learner's interface language.",
      answers: { 200: done },
      errors: [400],
    }),
    validate('json', z.object({ locale: z.enum(['zh-TW', 'en']) })),
    async (c) => {
      const { db, clock } = c.get('deps');
      await db
        .updateTable('users')
        .set({ locale: c.req.valid('json').locale, updated_at: clock.now().toISOString() })
        .where('id', '=', c.get('user').id)
        .execute();
      return c.json({ success: true });
    },
  );
  return r;
}

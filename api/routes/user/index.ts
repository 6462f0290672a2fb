import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import { AppError } from '../../lib/errors.js';
import { findUserById, presentUser } from '../../auth/service.js';

export function userRoutes() {
  const r = new Hono<AppEnv>();
  r.use(requireAuth);

  r.get('/profile', async (c) => {
    const user = await findUserById(c.get('deps').db, c.get('user').id);
    if (!user) throw new AppError('UNAUTHORIZED');
    return c.json({ success: true, data: presentUser(user), ...presentUser(user) });
  });

  // The language of e-mails follows the one chosen in the app.
  r.put(
    '/preferences',
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

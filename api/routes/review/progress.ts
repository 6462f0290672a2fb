import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import { getProgress } from '../../review/progress-service.js';
import { offsetQuery } from './index.js';
import { ok, route } from '../../lib/contract.js';
import { progress } from '../../contract/review.js';

/** /api/v1/progress: scores over time, accuracy per concept, study days. */
export function progressRoutes() {
  const r = new Hono<AppEnv>();
  r.use(requireAuth);
  r.get(
    '/',
    route({
      tag: 'review',
      summary: 'Scores over time per material, accuracy per concept (weakest first), study streak.',
      answers: { 200: ok(progress) },
      errors: [400],
    }),
    validate('query', offsetQuery),
    async (c) => {
      const { utcOffset } = c.req.valid('query');
      const data = await getProgress(c.get('deps'), c.get('user'), utcOffset);
      return c.json({ success: true, data });
    },
  );
  return r;
}

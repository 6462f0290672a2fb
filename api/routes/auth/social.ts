import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.js';

/** Google and LINE sign-in (OpenID Connect). */
export function socialRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/providers', (c) => {
    const { oidc } = c.get('deps').config;
    return c.json({ success: true, data: { google: !!oidc.google, line: !!oidc.line } });
  });
  return r;
}

import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.js';

/** Group-plan consultation form (filled in by the contact work). */
export function contactRoutes() {
  return new Hono<AppEnv>();
}

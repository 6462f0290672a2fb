import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contractBreach, ok, route, type RouteSpec } from '../../api/lib/contract.js';
import { AppError, errorBody } from '../../api/lib/errors.js';

/*
 * Every route carries what it answers (api/lib/contract.ts); under NODE_ENV=test an answer
 * outside it is reported, which fails the API test that made the request. The API tests run
 * with it on (tests/support/test-app.ts), so these are the cases it must catch.
 */

const spec: RouteSpec = {
  tag: 't',
  summary: 'A test route.',
  answers: { 200: ok(z.strictObject({ id: z.string() })) },
  errors: [404],
};
const json = (body: unknown, status = 200) => Response.json(body, { status });

describe('the answer check', () => {
  it('accepts what the route declares', async () => {
    expect(await contractBreach(spec, json({ success: true, data: { id: 'a' } }))).toBeNull();
    const notFound = errorBody(new AppError('NOT_FOUND'), 'en', 'r1');
    expect(await contractBreach(spec, json(notFound, 404))).toBeNull();
    expect(await contractBreach(spec, json(errorBody(new AppError('INTERNAL'), 'en'), 500))).toBe(
      null,
    );
  });

  it('reports a field the schema does not declare, and a missing one', async () => {
    const extra = await contractBreach(spec, json({ success: true, data: { id: 'a', x: 1 } }));
    expect(extra).toContain('Unrecognized key: "x"');
    expect(await contractBreach(spec, json({ success: true, data: {} }))).toContain('data.id');
  });

  it('reports a status the route does not declare, and an error that is not the Error shape', async () => {
    expect(await contractBreach(spec, json({ success: true, data: { id: 'a' } }, 201))).toContain(
      'answered 201',
    );
    expect(await contractBreach(spec, json({ success: false }, 404))).toContain('code');
    expect(await contractBreach(spec, json(errorBody(new AppError('NOT_FOUND'), 'en'), 409))).toBe(
      'answered 409, which it does not declare',
    );
  });

  it('reports through console.error in tests only', async () => {
    const app = (nodeEnv: string) =>
      new Hono()
        .use(async (c, next) => {
          c.set('deps' as never, { config: { nodeEnv } } as never);
          await next();
        })
        .get('/x', route(spec), (c) => c.json({ success: true, data: { id: 'a', secret: 1 } }));
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    await app('production').request('/x');
    expect(reported).not.toHaveBeenCalled();
    const res = await app('test').request('/x');
    // The answer itself is left as it was: the report fails the test, not the request.
    expect(res.status).toBe(200);
    expect(reported).toHaveBeenCalledWith(expect.stringContaining('GET /x answered 200'));
  });
});

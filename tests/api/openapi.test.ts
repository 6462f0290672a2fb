import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * /api/v1/openapi.json describes every endpoint the app really has, and nothing it does not
 * have: the route list comes from the app itself, so a new route fails here until it carries
 * its `route({...})` description (api/lib/contract.ts).
 */

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = (await res.json()) as Doc;
  });
  afterAll(async () => t?.close());

  const appRoutes = () =>
    new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && r.path !== '/*')
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
  const documented = () =>
    new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)),
    );

  it('is OpenAPI 3.1 and describes every route the app has', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing = [...appRoutes()].filter((r) => !documented().has(r));
    expect(missing).toEqual([]);
  });

  it('describes no route the app does not have', () => {
    const extra = [...documented()].filter((r) => !appRoutes().has(r));
    expect(extra).toEqual([]);
  });

  it('declares every path parameter, a success answer and unique operation ids', () => {
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        const params = (op.parameters as Array<{ name: string; in: string }> | undefined) ?? [];
        for (const n of names)
          expect(
            params.some((x) => x.in === 'path' && x.name === n),
            `${method} ${p} ${n}`,
          ).toBe(true);
        const statuses = Object.keys(op.responses as object);
        expect(
          statuses.some((s) => /^[23]/.test(s)),
          `${method} ${p}`,
        ).toBe(true);
        expect(ids.has(op.operationId as string), op.operationId as string).toBe(false);
        ids.add(op.operationId as string);
      }
    }
  });

  it('lists every stable error code', async () => {
    const { errorCatalog } = await import('../../api/lib/error-catalog.js');
    expect(doc.components.schemas.Error!.properties!.code!.enum).toEqual(Object.keys(errorCatalog));
  });

  it('marks the bearer-token calls', () => {
    const profile = doc.paths['/api/v1/user/profile']!.get!;
    expect(profile.security).toEqual([{ bearer: [] }]);
    const plans = doc.paths['/api/v1/subscription/plans']!.get!;
    expect(plans.security).toEqual([]);
  });

  it('types the data of every JSON answer (no `data: unknown` left, decision 0047)', () => {
    const untyped: string[] = [];
    let answers = 0;
    const resolve = (schema: Record<string, unknown>) => {
      const ref = schema.$ref as string | undefined;
      return ref
        ? (doc.components.schemas[ref.split('/').pop()!] as Record<string, unknown>)
        : schema;
    };
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const responses = op.responses as Record<
          string,
          { content?: Record<string, { schema?: Record<string, unknown> }> }
        >;
        for (const [status, answer] of Object.entries(responses)) {
          const schema = answer.content?.['application/json']?.schema;
          if (!/^2/.test(status) || !schema) continue;
          answers++;
          const props = resolve(schema).properties as Record<string, object> | undefined;
          if (props?.data && Object.keys(props.data).length === 0) {
            untyped.push(`${method} ${p} ${status}`);
          }
        }
      }
    }
    expect(answers).toBeGreaterThan(50);
    expect(untyped).toEqual([]);
  });
});

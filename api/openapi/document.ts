import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { AppEnv } from '../lib/context.js';

type Operation = { operationId?: string; parameters?: Array<{ name: string; in: string }> };

/**
 * The OpenAPI 3.1 document of every endpoint, served at /api/v1/openapi.json: generated from the
 * routes themselves (each carries its `route({...})` description and its validators' schemas,
 * api/lib/contract.ts), so it cannot drift from what they check and answer.
 */
export async function openApiDocument(app: Hono<AppEnv>, serverUrl: string) {
  const doc = await generateSpecs(app, {
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Mnemo API',
        version: '1',
        description:
          'The HTTP API of Mnemo, the bilingual study app. Every answer is JSON ' +
          '`{ success: true, data }` or the Error shape (docs/api/answers.md); messages come in zh-TW and en. ' +
          'Details and examples: docs/api/*.md in the repository.',
      },
      servers: [{ url: serverUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Only described routes: middleware and catch-alls are not operations.
    includeEmptyPaths: false,
    // Not a static file: this document itself.
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
  });
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(
      item as Record<string, Operation & { tags?: string[] }>,
    )) {
      for (const t of op.tags ?? []) tags.add(t);
      // The same ids as before the document was generated: method + the path in camel case.
      op.operationId = `${method}${path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ''))}`;
      const params = (op.parameters ??= []);
      for (const m of path.matchAll(/\{(\w+)\}/g)) {
        if (!params.some((p) => p.in === 'path' && p.name === m[1])) {
          params.push({
            name: m[1]!,
            in: 'path',
            required: true,
            schema: { type: 'string' },
          } as never);
        }
      }
      if (!params.length) delete op.parameters;
    }
  }
  return { ...doc, tags: [...tags].map((name) => ({ name })) };
}

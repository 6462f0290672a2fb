import type { Context, MiddlewareHandler } from 'hono';
import { describeRoute, resolver, type DescribeRouteOptions } from 'hono-openapi';
import { z } from 'zod';
import { errorCatalog } from './error-catalog.js';

/*
 * One contract (issue 21, decision 0047): each route carries what it answers. `route({...})`
 * documents the route for /api/v1/openapi.json (hono-openapi reads it with the validators'
 * request schemas) and, under NODE_ENV=test, checks every answer against it: a status it does
 * not declare, a JSON body its schema refuses (response objects are strict: an undeclared field
 * is refused too) or an error body that is not the Error shape is reported with console.error,
 * which fails the test that made the request (tests/setup/fail-on-console-error.ts).
 */

type Codes = keyof typeof errorCatalog;

/** The one error shape (api/lib/errors.ts errorBody); a code's details may add fields. */
export const errorSchema = z
  .looseObject({
    success: z.literal(false),
    code: z.enum(Object.keys(errorCatalog) as [Codes, ...Codes[]]),
    message: z.string().meta({ description: 'In the language of Accept-Language.' }),
    messageI18n: z.object({ 'zh-TW': z.string(), en: z.string() }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({ description: 'The values filled into the message; absent when it has none.' }),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });

/** `{ success: true, data }`: the answer of most calls. */
export const ok = <T extends z.ZodType>(data: T) =>
  z.strictObject({ success: z.literal(true), data });

/** `{ success: true }` with nothing else. */
export const done = z.strictObject({ success: z.literal(true) });

/** `{ success: true, message, messageI18n }` (and `extra`): a call whose answer is a sentence. */
export const said = <T extends z.ZodRawShape>(extra?: T) =>
  z.strictObject({
    success: z.literal(true),
    message: z.string(),
    messageI18n: z.object({ 'zh-TW': z.string(), en: z.string() }),
    ...(extra ?? ({} as T)),
  });

/** A non-JSON answer: a file, a stream, a page or a redirect. */
export interface OtherAnswer {
  media: string | null;
  description?: string;
}

type Answer = z.ZodType | OtherAnswer;

const STATUS_TEXT: Record<number, string> = {
  304: 'Not modified (If-None-Match matched the ETag).',
  400: 'Invalid request (VALIDATION_FAILED and others).',
  401: 'No valid token.',
  402: 'Premium or free quota needed (QUOTA_EXCEEDED, PREMIUM_REQUIRED).',
  403: 'Not allowed.',
  404: 'Not found, or not yours.',
  409: 'Conflicts with the current state.',
  413: 'Too large.',
  415: 'Unsupported file type.',
  422: 'The file cannot be read.',
  429: 'Too many requests.',
  410: 'Gone (an expired demo checkout: CHECKOUT_EXPIRED).',
  499: 'The generation was cancelled (by the learner, or their request went away).',
  500: 'An unexpected failure (INTERNAL).',
  502: 'A service behind the API failed (the quiz generator, the billing provider).',
  503: 'Not ready / the billing provider is unavailable.',
};

export interface RouteSpec {
  tag: string;
  summary: string;
  /** Bearer token required (default true). */
  auth?: boolean;
  /** Parameters read without a validator (a validator documents its own). */
  params?: Array<{
    name: string;
    in: 'query' | 'header';
    description?: string;
    required?: boolean;
    schema?: Record<string, unknown>;
  }>;
  /** A body read without a validator (multipart uploads). */
  body?: { media: string; schema: Record<string, unknown>; required?: boolean };
  /** The success answers: a zod schema of the JSON body, or another media type. */
  answers: Record<number, Answer>;
  /** The error statuses it may answer (the body is always the Error shape). */
  errors?: number[];
  /** The docs/ file that details it. */
  doc?: string;
}

const isSchema = (a: Answer): a is z.ZodType => a instanceof z.ZodType;

/** The statuses a call may answer besides those it lists (500 INTERNAL: any call, undocumented). */
function implicitErrors(spec: RouteSpec) {
  return spec.auth === false ? [] : [401];
}

function describe(spec: RouteSpec): DescribeRouteOptions {
  const responses: NonNullable<DescribeRouteOptions['responses']> = {};
  for (const [status, answer] of Object.entries(spec.answers)) {
    if (isSchema(answer)) {
      responses[status] = {
        description: answer.meta()?.description ?? 'Success.',
        content: { 'application/json': { schema: resolver(answer) } },
      };
    } else {
      responses[status] = {
        description: answer.description ?? STATUS_TEXT[Number(status)] ?? 'Success.',
        ...(answer.media
          ? { content: { [answer.media]: { schema: { type: 'string', format: 'binary' } } } }
          : {}),
      };
    }
  }
  for (const status of new Set([...(spec.errors ?? []), ...implicitErrors(spec)])) {
    const answer = spec.answers[status];
    if (answer && isSchema(answer)) continue;
    // A page or the Error shape, by the Accept header (the unsubscribe links).
    const page = answer?.media
      ? { [answer.media]: { schema: { type: 'string' as const, format: 'binary' } } }
      : {};
    responses[String(status)] = {
      description: answer?.description ?? STATUS_TEXT[status] ?? 'Error.',
      content: { ...page, 'application/json': { schema: resolver(errorSchema) } },
    };
  }
  return {
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.doc ? { externalDocs: { description: 'Details and examples', url: spec.doc } } : {}),
    ...(spec.params?.length
      ? {
          parameters: spec.params.map((p) => ({
            ...p,
            required: Boolean(p.required),
            schema: p.schema ?? { type: 'string' },
          })),
        }
      : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: spec.body.required ?? false,
            content: { [spec.body.media]: { schema: spec.body.schema } },
          },
        }
      : {}),
    responses,
    security: spec.auth === false ? [] : [{ bearer: [] }],
  };
}

/** What an answer breaks of its route's contract; null when it keeps it. */
export async function contractBreach(spec: RouteSpec, res: Response): Promise<string | null> {
  const status = res.status;
  const declared = spec.answers[status];
  const isError = status >= 400;
  const errorDeclared =
    isError && [...(spec.errors ?? []), ...implicitErrors(spec), 500].includes(status);
  if (!declared && !errorDeclared && !(status === 304 && spec.answers[200])) {
    return `answered ${status}, which it does not declare`;
  }
  if (status === 304) return null;
  const schema = declared ? (isSchema(declared) ? declared : null) : errorSchema;
  if (!schema) return null;
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
    return `answered ${status} with ${res.headers.get('content-type') ?? 'no content type'}, not JSON`;
  }
  const body: unknown = await res.clone().json();
  const result = schema.safeParse(body);
  if (result.success) return null;
  return `answered ${status} what its schema does not declare: ${z.prettifyError(result.error)}`;
}

/**
 * Documents a route (tag, summary, answers) and, in tests, checks what it answers. Put it first
 * among the route's handlers: `r.get('/x', route({...}), validate(...), handler)`.
 */
export function route(spec: RouteSpec): MiddlewareHandler {
  const documented = describeRoute(describe(spec));
  const check: MiddlewareHandler = async (c: Context, next) => {
    await documented(c, next);
    const deps = c.get('deps') as { config?: { nodeEnv?: string } } | undefined;
    if (deps?.config?.nodeEnv !== 'test') return;
    const breach = await contractBreach(spec, c.res);
    if (breach) console.error(`Contract: ${c.req.method} ${c.req.routePath} ${breach}`);
  };
  // hono-openapi finds the description on the middleware itself.
  return Object.assign(check, documented);
}

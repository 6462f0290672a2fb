import { errorCatalog } from '../lib/error-catalog.js';
import { operations, type JsonSchema, type Operation } from './operations.js';

const STATUS_TEXT: Record<number, string> = {
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
  499: 'The generation was cancelled (by the learner, or their request went away).',
  502: 'The quiz generator failed.',
  503: 'Not ready / the billing provider is unavailable.',
};

function parameters(op: Operation) {
  const out: Array<Record<string, unknown>> = [];
  for (const m of op.path.matchAll(/\{(\w+)\}/g)) {
    out.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  for (const [name, spec] of Object.entries(op.query ?? {})) {
    const { description, required, ...schema } = spec as JsonSchema & {
      description?: string;
      required?: boolean;
    };
    out.push({ name, in: 'query', required: Boolean(required), description, schema });
  }
  for (const [name, spec] of Object.entries(op.headers ?? {})) {
    const { description, ...schema } = spec as JsonSchema & { description?: string };
    out.push({ name, in: 'header', required: false, description, schema });
  }
  return out;
}

function operation(op: Operation) {
  const okStatus = String(op.ok?.status ?? 200);
  const media = op.ok?.media ?? 'application/json';
  const ok =
    media === 'none'
      ? { description: op.ok?.description ?? 'Redirect.' }
      : {
          description: op.ok?.description ?? 'Success.',
          content: {
            [media]:
              media === 'application/json'
                ? { schema: { $ref: '#/components/schemas/Success' } }
                : { schema: { type: 'string', format: 'binary' } },
          },
        };
  const responses: Record<string, unknown> = { [okStatus]: ok };
  for (const [status, description] of Object.entries(op.alsoOk ?? {})) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } },
    };
  }
  for (const status of op.errors ?? []) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Error.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const auth = op.auth ?? op.path.startsWith('/api/v1/');
  return {
    operationId: `${op.method}${op.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ''))}`,
    tags: [op.tag],
    summary: op.summary,
    ...(op.doc ? { externalDocs: { description: 'Details and examples', url: op.doc } } : {}),
    ...(parameters(op).length ? { parameters: parameters(op) } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? false,
            content: {
              [op.body.type === 'json' ? 'application/json' : 'multipart/form-data']: {
                schema: op.body.schema,
              },
            },
          },
        }
      : {}),
    responses,
    security: auth ? [{ bearer: [] }] : [],
  };
}

/** The OpenAPI 3.1 document of every endpoint, served at /api/v1/openapi.json. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
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
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Success: {
          type: 'object',
          properties: { success: { const: true }, data: {} },
          required: ['success'],
        },
        Error: {
          type: 'object',
          required: ['success', 'code', 'message', 'messageI18n'],
          properties: {
            success: { const: false },
            code: { type: 'string', enum: Object.keys(errorCatalog) },
            message: { type: 'string', description: 'In the language of Accept-Language.' },
            messageI18n: {
              type: 'object',
              properties: { 'zh-TW': { type: 'string' }, en: { type: 'string' } },
            },
            params: {
              type: 'object',
              description: 'The values filled into the message; absent when it has none.',
              additionalProperties: { type: ['string', 'number'] },
            },
            requestId: { type: 'string' },
          },
        },
        SubmittedAnswer: {
          type: 'object',
          description: 'One answer; which fields depend on the question type (docs/api/quiz.md).',
          properties: {
            questionId: { type: 'string' },
            optionId: { type: 'string' },
            optionIds: {
              type: 'array',
              items: { type: 'string' },
              description: 'A multiSelect question (複選題): every option chosen.',
            },
            answer: { type: 'string' },
            textAnswer: { type: 'string' },
            blankAnswers: {
              type: 'array',
              items: {
                type: 'object',
                properties: { blankId: { type: 'string' }, selectedOptionId: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}

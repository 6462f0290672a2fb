/**
 * Every endpoint of the HTTP API, for the OpenAPI document (api/openapi/document.ts). The
 * request and answer shapes in detail, with examples, are in docs/api/*.md; this table says
 * what each call is, who may make it, what it takes and which answers it gives.
 * tests/api/openapi.test.ts fails when a route exists without an entry here, or the reverse.
 */

export type JsonSchema = Record<string, unknown>;

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI path template: `/api/v1/materials/{id}`. */
  path: string;
  tag: string;
  summary: string;
  /** Bearer token required (default true under /api/v1). */
  auth?: boolean;
  query?: Record<string, JsonSchema & { description?: string; required?: boolean }>;
  headers?: Record<string, JsonSchema & { description?: string }>;
  body?: { type: 'json' | 'multipart'; schema: JsonSchema; required?: boolean };
  /** Success status and media type (JSON envelope unless said otherwise). */
  ok?: { status?: number; media?: string; description?: string };
  /** Further success answers (JSON envelope), e.g. 202 for a job accepted to run later. */
  alsoOk?: Record<number, string>;
  /** Error statuses this call is documented to answer (the body is always the Error shape). */
  errors?: number[];
  /** The docs/api file that details it. */
  doc?: string;
}

const str = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
const int = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
const locale = str({ enum: ['zh-TW', 'en'] });
const email = str({ format: 'email', maxLength: 254 });
const answers: JsonSchema = {
  type: 'array',
  maxItems: 500,
  items: { $ref: '#/components/schemas/SubmittedAnswer' },
};
const utcOffset = {
  ...int({ minimum: -840, maximum: 840, default: 0 }),
  description:
    "Minutes east of UTC (-new Date().getTimezoneOffset()); where the learner's day starts.",
};
const idempotencyKey = {
  ...str({ maxLength: 100 }),
  description: 'A repeat with the same key by the same learner answers what the first made.',
};

export const operations: Operation[] = [
  // Service
  { method: 'get', path: '/healthz', tag: 'service', summary: 'The process is up.', auth: false },
  {
    method: 'get',
    path: '/readyz',
    tag: 'service',
    summary: 'The database and file storage answer; 503 with the reason otherwise.',
    auth: false,
    errors: [503],
  },
  {
    method: 'get',
    path: '/api/v1/openapi.json',
    tag: 'service',
    summary: 'This document.',
    auth: false,
  },

  // Accounts
  {
    method: 'post',
    path: '/api/v1/auth/register',
    tag: 'auth',
    summary:
      'Create an account; a verification e-mail is sent. An address that has an account gets the same answer (its owner is mailed instead).',
    auth: false,
    body: {
      type: 'json',
      schema: obj({ email, password: str({ minLength: 8, maxLength: 200 }), name: str(), locale }, [
        'email',
        'password',
      ]),
    },
    ok: { status: 201 },
    errors: [400, 429, 503],
  },
  {
    method: 'post',
    path: '/api/v1/auth/login',
    tag: 'auth',
    summary: 'Sign in with e-mail and password; answers the token and the user.',
    auth: false,
    body: { type: 'json', schema: obj({ email, password: str() }, ['email', 'password']) },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/api/v1/auth/logout',
    tag: 'auth',
    summary:
      'Sign out on the server: every token of the account issued so far is refused from now on.',
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/v1/auth/resend-verification',
    tag: 'auth',
    summary: 'Send the verification e-mail again (same answer whether or not the account exists).',
    auth: false,
    body: { type: 'json', schema: obj({ email, locale }, ['email']) },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/v1/auth/forgot-password',
    tag: 'auth',
    summary: 'Send a password-reset e-mail (same answer whether or not the account exists).',
    auth: false,
    body: { type: 'json', schema: obj({ email, locale }, ['email']) },
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/api/v1/auth/verify-email',
    tag: 'auth',
    summary: 'The link in the verification e-mail: verifies and redirects to the web app.',
    auth: false,
    query: { token: { ...str(), required: true } },
    ok: {
      status: 302,
      media: 'none',
      description:
        'Redirect to /login?verified=true, ?verified=already (the link was used and the address is verified) or ?verified=false&error=….',
    },
  },
  {
    method: 'post',
    path: '/api/v1/auth/verify-email',
    tag: 'auth',
    summary: 'Verify an e-mail address with the token from the link.',
    auth: false,
    body: { type: 'json', schema: obj({ token: str({ maxLength: 200 }) }, ['token']) },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/api/v1/auth/reset-password/{token}/validate',
    tag: 'auth',
    summary: 'Whether a password-reset token can still be used.',
    auth: false,
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/v1/auth/reset-password',
    tag: 'auth',
    summary: 'Set a new password with a reset token (the token is single-use).',
    auth: false,
    body: {
      type: 'json',
      schema: obj({ token: str({ maxLength: 200 }), newPassword: str({ maxLength: 200 }) }, [
        'token',
        'newPassword',
      ]),
    },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/v1/auth/providers',
    tag: 'auth',
    summary: 'The social sign-in providers configured on this server.',
    auth: false,
  },
  ...(['google', 'line'] as const).flatMap((p): Operation[] => [
    {
      method: 'get',
      path: `/api/v1/auth/${p}`,
      tag: 'auth',
      summary: `Start ${p === 'google' ? 'Google' : 'LINE'} sign-in (OpenID Connect, PKCE): redirects to the provider.`,
      auth: false,
      ok: { status: 302, media: 'none' },
      errors: [404],
    },
    {
      method: 'get',
      path: `/api/v1/auth/${p}/callback`,
      tag: 'auth',
      summary: `The ${p === 'google' ? 'Google' : 'LINE'} redirect back: redirects to the web app with a one-time code (POST /auth/social/exchange).`,
      auth: false,
      query: { code: str(), state: str() },
      ok: { status: 302, media: 'none' },
    },
  ]),
  {
    method: 'post',
    path: '/api/v1/auth/social/exchange',
    tag: 'auth',
    summary:
      "Trade a social sign-in's one-time code for the session; only the browser holding that sign-in's state cookie can.",
    auth: false,
    body: {
      type: 'json',
      schema: obj({ provider: str({ enum: ['google', 'line'] }), code: str({ maxLength: 200 }) }, [
        'provider',
        'code',
      ]),
    },
    errors: [400],
  },

  // User
  {
    method: 'get',
    path: '/api/v1/user/profile',
    tag: 'user',
    summary: 'The signed-in learner: account type, free usage, locale.',
    errors: [401],
  },
  {
    method: 'put',
    path: '/api/v1/user/preferences',
    tag: 'user',
    summary: "Save the learner's interface language.",
    body: { type: 'json', schema: obj({ locale }, ['locale']) },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/v1/contact',
    tag: 'contact',
    summary: 'Send a message to the team (rate-limited per IP).',
    auth: false,
    body: {
      type: 'json',
      schema: obj({ name: str(), email, subject: str(), message: str({ maxLength: 5000 }) }, [
        'email',
        'message',
      ]),
    },
    errors: [400, 429],
  },

  // Materials
  {
    method: 'post',
    path: '/api/v1/materials/upload',
    tag: 'materials',
    summary: 'Upload up to 3 files as one material; streamed, typed by content, extracted.',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: {
      type: 'multipart',
      required: true,
      schema: obj(
        {
          title: str({ maxLength: 200 }),
          description: str({ maxLength: 2000 }),
          files: { type: 'array', maxItems: 3, items: str({ format: 'binary' }) },
        },
        ['files'],
      ),
    },
    ok: { status: 201 },
    errors: [400, 401, 413, 415, 422, 429],
  },
  {
    method: 'get',
    path: '/api/v1/materials/upload-limits',
    tag: 'materials',
    summary:
      "The server's upload limits: maxFiles per upload, maxFileBytes per file, maxUploadBytes per request (past them an upload is 413).",
    errors: [401],
  },
  {
    method: 'get',
    path: '/api/v1/materials/storage',
    tag: 'materials',
    summary:
      "Storage of the learner's originals: plan, usedBytes, limitBytes, availableBytes (an upload past it is 413 STORAGE_QUOTA_EXCEEDED).",
    errors: [401],
  },
  {
    method: 'get',
    path: '/api/v1/materials',
    tag: 'materials',
    summary:
      "The learner's materials, newest first. Without parameters the whole list; with `limit` one page and `nextCursor` (null on the last page) beside `data`; `q` searches title, description and extracted text, folding 台/臺-style variants and case. Answers carry an ETag (If-None-Match → 304).",
    query: {
      limit: int({ minimum: 1, maximum: 100, description: 'Page size; omit for the whole list.' }),
      cursor: str({ maxLength: 500, description: 'nextCursor of the page before.' }),
      q: str({ maxLength: 500, description: 'Search words (all must match).' }),
    },
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/v1/materials/{id}',
    tag: 'materials',
    summary:
      'One material with its files and quizzes, and `exam`: what the exam reader recognised in it (items, key found, corrections, essays left out), or null.',
    errors: [401, 404],
    doc: 'docs/api/exam.md',
  },
  {
    method: 'put',
    path: '/api/v1/materials/{id}',
    tag: 'materials',
    summary: 'Rename a material or change its description (a blank title is refused).',
    body: {
      type: 'json',
      schema: obj({ title: str({ maxLength: 200 }), description: str({ maxLength: 2000 }) }),
    },
    errors: [400, 401, 404],
  },
  {
    method: 'delete',
    path: '/api/v1/materials/{id}',
    tag: 'materials',
    summary:
      'Delete a material, its files and quizzes; with quizzes it needs confirmationCode "DELETE".',
    body: { type: 'json', schema: obj({ confirmationCode: str() }) },
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/materials/{id}/content',
    tag: 'materials',
    summary: 'The extracted document: blocks in reading order with locations, language, warnings.',
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/materials/{id}/flashcards',
    tag: 'materials',
    summary:
      'Term ↔ definition flashcards the material states, in its language (an empty list when it defines nothing).',
    errors: [401, 404],
    doc: 'docs/decisions/0029-flashcards.md',
  },
  {
    method: 'get',
    path: '/api/v1/materials/{id}/files/{fileId}',
    tag: 'materials',
    summary: 'Download an uploaded original.',
    ok: { media: 'application/octet-stream' },
    errors: [401, 404],
  },

  // Quizzes
  {
    method: 'post',
    path: '/api/v1/quiz/generate',
    tag: 'quiz',
    summary:
      'Generate a quiz from a material (free accounts: 3 in all); answers the quiz, or 202 with the queued generation under Prefer: respond-async.',
    headers: {
      'Idempotency-Key': idempotencyKey,
      Prefer: str({
        description:
          'respond-async: answer 202 at once with the queued generation (Location: its progress URL) instead of waiting for the quiz.',
      }),
    },
    body: {
      type: 'json',
      required: true,
      schema: obj(
        {
          materialId: str(),
          title: str({ maxLength: 300 }),
          description: str({ maxLength: 500 }),
          additionalInstructions: str({ maxLength: 500 }),
          questionCount: {
            oneOf: [int({ minimum: 1, maximum: 200 }), str({ enum: ['all'] })],
            default: 10,
            description:
              '5, 10, 15 or 20; for an exam paper (docs/api/exam.md) also any count up to its items, or "all".',
          },
          order: str({
            enum: ['random', 'paper'],
            default: 'random',
            description: 'Exam papers: the items shuffled, or in the order of the paper.',
          }),
          unscored: {
            type: 'boolean',
            description:
              'Exam papers without an answer key: the learner chose unscored practice (no key, no score, no review cards). Ignored when a key was found.',
          },
          questionTypes: {
            type: 'array',
            items: str({
              enum: ['multiple_choice', 'true_false', 'dropdown_fill_in_blank', 'short_answer'],
            }),
          },
          difficulty: str({ enum: ['basic', 'advanced', 'expert'], default: 'basic' }),
          language: str({ enum: ['zh-TW', 'en-US'], default: 'zh-TW' }),
          generationId: str({ format: 'uuid' }),
        },
        ['materialId'],
      ),
    },
    ok: { status: 201, description: 'The quiz (also when a repeated Idempotency-Key made it).' },
    alsoOk: { 202: 'Prefer: respond-async — the generation, queued; follow its Location.' },
    errors: [400, 401, 402, 404, 409, 422, 499, 502],
    doc: 'docs/api/quiz.md',
  },
  {
    method: 'get',
    path: '/api/v1/quiz/generations/{id}',
    tag: 'quiz',
    summary:
      'Progress of a generation (stage, percent, status, quiz id when done; resuming when its server stopped).',
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/quiz/generations/{id}/events',
    tag: 'quiz',
    summary: 'The same progress as a Server-Sent Events stream.',
    ok: { media: 'text/event-stream' },
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/v1/quiz/generations/{id}/cancel',
    tag: 'quiz',
    summary: 'Cancel a running generation; a free quota reserved for it is given back.',
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/quiz/material/{materialId}',
    tag: 'quiz',
    summary: "A material's quizzes with completion and best score.",
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/quiz/{quizId}',
    tag: 'quiz',
    summary: 'A quiz for taking (never the answer key) with saved answers and position.',
    errors: [401, 404],
  },
  {
    method: 'put',
    path: '/api/v1/quiz/{quizId}/progress',
    tag: 'quiz',
    summary: 'Save answers so far and the current question index.',
    body: {
      type: 'json',
      required: true,
      schema: obj({ answers, currentIndex: int({ minimum: 0 }) }, ['answers']),
    },
    errors: [400, 401, 404],
  },
  {
    method: 'post',
    path: '/api/v1/quiz/{quizId}/submit',
    tag: 'quiz',
    summary: 'Submit and score an attempt (idempotent by clientSubmissionId); answers the report.',
    body: {
      type: 'json',
      required: true,
      schema: obj(
        {
          answers,
          clientSubmissionId: str({ maxLength: 100 }),
          timings: {
            type: 'object',
            description: 'Optional per-question milliseconds, for review scheduling.',
          },
        },
        ['answers'],
      ),
    },
    errors: [400, 401, 404, 409],
    doc: 'docs/api/quiz.md',
  },
  {
    method: 'get',
    path: '/api/v1/quiz/{quizId}/report',
    tag: 'quiz',
    summary:
      'The scored report (latest or ?attemptId=) with history; explanations for premium only.',
    query: { attemptId: str() },
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/quiz/{quizId}/report/export',
    tag: 'quiz',
    summary: 'The report as PDF or CSV (premium).',
    query: {
      format: str({ enum: ['pdf', 'csv'], default: 'pdf' }),
      attemptId: str(),
      tz: str({
        maxLength: 64,
        description: "The learner's IANA time zone for dates (default Asia/Taipei).",
      }),
    },
    ok: { media: 'application/pdf' },
    errors: [401, 402, 404],
  },
  {
    method: 'get',
    path: '/api/v1/quiz/{quizId}/export',
    tag: 'quiz',
    summary:
      'The questions for other tools: Anki TSV, Moodle GIFT or CSV (explanations for premium).',
    query: { format: { ...str({ enum: ['anki', 'gift', 'csv'] }), required: true } },
    ok: { media: 'text/plain' },
    errors: [400, 401, 404],
    doc: 'docs/api/review.md',
  },

  // Review, progress, reminders
  {
    method: 'get',
    path: '/api/v1/review/due',
    tag: 'review',
    summary: "Today's due review cards across materials (questions without keys).",
    query: { utcOffset, concept: str({ maxLength: 200 }) },
    errors: [400, 401],
    doc: 'docs/api/review.md',
  },
  {
    method: 'post',
    path: '/api/v1/review/{cardId}/answer',
    tag: 'review',
    summary: 'Answer a review card (idempotent by clientReviewId); FSRS schedules the next review.',
    body: {
      type: 'json',
      required: true,
      schema: obj(
        {
          clientReviewId: str({ maxLength: 100 }),
          answer: { $ref: '#/components/schemas/SubmittedAnswer' },
          elapsedMs: int({ minimum: 0 }),
        },
        ['clientReviewId', 'answer'],
      ),
    },
    errors: [400, 401, 404, 409],
    doc: 'docs/api/review.md',
  },
  {
    method: 'post',
    path: '/api/v1/review/{cardId}/rate',
    tag: 'review',
    summary:
      "The learner's own rating of an answered card (again/hard/good/easy): that review is redone with it.",
    body: {
      type: 'json',
      required: true,
      schema: obj(
        {
          clientReviewId: str({ maxLength: 100 }),
          rating: { type: 'string', enum: ['again', 'hard', 'good', 'easy'] },
        },
        ['clientReviewId', 'rating'],
      ),
    },
    errors: [400, 401, 404, 409],
    doc: 'docs/api/review.md',
  },
  {
    method: 'post',
    path: '/api/v1/review/flashcards/still-learning',
    tag: 'review',
    summary:
      '"Still learning" on a quiz question\'s flashcard: its review card (made if missing) is reviewed with Again and comes due within minutes. Idempotent by clientReviewId.',
    body: {
      type: 'json',
      required: true,
      schema: obj(
        {
          clientReviewId: str({ maxLength: 100 }),
          quizId: str({ maxLength: 64 }),
          questionId: str({ maxLength: 200 }),
          markedAt: str({ format: 'date-time' }),
        },
        ['clientReviewId', 'quizId', 'questionId'],
      ),
    },
    errors: [400, 401, 404, 409],
    doc: 'docs/decisions/0029-flashcards.md',
  },
  {
    method: 'get',
    path: '/api/v1/review/stats',
    tag: 'review',
    summary: 'Due today and this week, reviewed today, cards, streak, retention.',
    query: { utcOffset },
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/v1/review/reminders',
    tag: 'review',
    summary: 'The daily reminder e-mail setting.',
    errors: [401],
  },
  {
    method: 'put',
    path: '/api/v1/review/reminders',
    tag: 'review',
    summary: 'Turn the daily reminder e-mail on or off and choose its hour.',
    body: {
      type: 'json',
      required: true,
      schema: obj({ enabled: { type: 'boolean' }, hour: int({ minimum: 0, maximum: 23 }) }),
    },
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/v1/review/reminders/unsubscribe',
    tag: 'review',
    summary:
      'The unsubscribe link of the reminder e-mail (signed token): a page asking to confirm; nothing changes until POST.',
    auth: false,
    query: { token: { ...str(), required: true } },
    ok: { media: 'text/html' },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/v1/review/reminders/unsubscribe',
    tag: 'review',
    summary:
      "Unsubscribe: the confirmation page's button, or RFC 8058 one-click (List-Unsubscribe-Post).",
    auth: false,
    query: { token: { ...str(), required: true } },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/v1/progress',
    tag: 'review',
    summary: 'Scores over time per material, accuracy per concept (weakest first), study streak.',
    query: { utcOffset },
    errors: [400, 401],
  },

  // Subscription and billing
  {
    method: 'get',
    path: '/api/v1/subscription/plans',
    tag: 'billing',
    summary: 'The plans on sale with prices.',
    auth: false,
  },
  {
    method: 'post',
    path: '/api/v1/subscription/webhook',
    tag: 'billing',
    summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET).',
    auth: false,
    body: { type: 'json', schema: { type: 'object' } },
    errors: [400],
    doc: 'docs/api/billing.md',
  },
  {
    method: 'get',
    path: '/api/v1/subscription/status',
    tag: 'billing',
    summary: "The learner's subscription: plan, status, period end, cancel at period end.",
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/v1/subscription/create',
    tag: 'billing',
    summary: 'Open a hosted checkout for a plan; answers its URL.',
    body: {
      type: 'json',
      required: true,
      schema: obj(
        {
          planId: str({ enum: ['monthly', 'yearly'] }),
          periodType: str({ enum: ['month', 'year'] }),
        },
        ['planId'],
      ),
    },
    errors: [400, 401, 409, 503],
  },
  {
    method: 'post',
    path: '/api/v1/subscription/customer-portal',
    tag: 'billing',
    summary: 'Open the hosted billing portal; answers its URL.',
    errors: [401, 404, 503],
  },
  {
    method: 'get',
    path: '/api/v1/subscription/checkout-result',
    tag: 'billing',
    summary: 'The outcome of a checkout the learner came back from.',
    query: { session_id: str({ maxLength: 255 }) },
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/demo-billing/checkout/{id}',
    tag: 'demo-billing',
    summary: 'The built-in demo checkout: plan, price, payer, status.',
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/v1/demo-billing/checkout/{id}/pay',
    tag: 'demo-billing',
    summary: 'Pay a demo checkout with a test card.',
    body: {
      type: 'json',
      required: true,
      schema: obj(
        { cardNumber: str(), expiry: str({ pattern: '^\\d{2}/\\d{2}$' }), cvc: str(), name: str() },
        ['cardNumber', 'expiry', 'cvc', 'name'],
      ),
    },
    errors: [400, 401, 402, 404, 409],
  },
  {
    method: 'post',
    path: '/api/v1/demo-billing/checkout/{id}/cancel',
    tag: 'demo-billing',
    summary: 'Leave a demo checkout unpaid.',
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/v1/demo-billing/portal/{id}',
    tag: 'demo-billing',
    summary: 'The built-in demo billing portal: subscription and actions.',
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/v1/demo-billing/portal/{id}/cancel',
    tag: 'demo-billing',
    summary: 'Cancel the subscription at the end of the period.',
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/v1/demo-billing/portal/{id}/resume',
    tag: 'demo-billing',
    summary: 'Take back a cancellation before the period ends.',
    errors: [401, 404],
  },
];

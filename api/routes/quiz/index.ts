import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import { AppError } from '../../lib/errors.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { revalidated } from '../../lib/http-cache.js';
import { contentDisposition } from '../../materials/file-types.js';
import {
  DIFFICULTIES,
  EXAM_ORDERS,
  QUESTION_TYPES,
  type QuestionType,
} from '../../quizgen/types.js';
import { MAX_EXAM_QUESTIONS } from '../../exam/exam-generation.js';
import {
  cancelGeneration,
  generateQuiz,
  getGeneration,
  queueQuiz,
} from '../../quiz/generation-service.js';
import * as quizzes from '../../quiz/quiz-service.js';
import { getReport, getReportForExport } from '../../quiz/report-service.js';
import { exportFileName, renderReportCsv, renderReportPdf } from '../../export/index.js';
import { exportQuiz, QUIZ_EXPORT_FORMATS } from '../../export/quiz-source.js';
import { ok, route } from '../../lib/contract.js';
import {
  generatedQuiz,
  generation,
  quizForTaking,
  quizReport,
  savedProgress,
} from '../../contract/quiz.js';
import { quizSummary } from '../../contract/materials.js';

/** Spec §7: the types used when none are chosen. */
const DEFAULT_TYPES: QuestionType[] = ['multiple_choice', 'true_false', 'dropdown_fill_in_blank'];

const generateBody = z.object({
  materialId: z.string().trim().min(1).max(64),
  title: z.string().max(300).optional(),
  description: z.string().max(500).optional(),
  additionalInstructions: z.string().max(500).optional(),
  // 5/10/15/20; an exam paper also takes any count up to its item count, or 'all' (checked
  // against the material when the generation is queued).
  questionCount: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(MAX_EXAM_QUESTIONS)])
    .default(10),
  /** Exam papers: the items shuffled (default) or in the paper's order. */
  order: z.enum(EXAM_ORDERS).optional(),
  /** Exam papers without an answer key: the learner chose unscored practice. */
  unscored: z.boolean().optional(),
  questionTypes: z.array(z.enum(QUESTION_TYPES)).max(8).optional(),
  difficulty: z.enum(DIFFICULTIES).default('basic'),
  language: z
    .enum(['zh-TW', 'en-US', 'en'])
    .default('zh-TW')
    .transform((v) => (v === 'en' ? 'en-US' : v)),
  generationId: z.uuid().optional(),
});

const answersField = z.array(z.unknown()).max(500);

/** /api/v1/quiz: generate, take, submit and review the learner's own quizzes. */
export function quizRoutes() {
  const r = new Hono<AppEnv>();
  r.use(requireAuth);

  r.post(
    '/generate',
    route({
      tag: 'quiz',
      summary:
        'Generate a quiz from a material (free accounts: 3 in all); answers the quiz, or 202 with the queued generation under Prefer: respond-async.',
      params: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          description:
            'A repeat with the same key by the same learner answers what the first made.',
          schema: { type: 'string', maxLength: 100 },
        },
        {
          name: 'Prefer',
          in: 'header',
          description:
            'respond-async: answer 202 at once with the queued generation (Location: its progress URL) instead of waiting for the quiz.',
        },
      ],
      answers: {
        201: ok(generatedQuiz).meta({
          description: 'The quiz (also when a repeated Idempotency-Key made it).',
        }),
        202: ok(generation).meta({
          description: 'Prefer: respond-async — the generation, queued; follow its Location.',
        }),
      },
      errors: [400, 402, 404, 409, 422, 499, 502],
      doc: 'docs/api/quiz.md',
    }),
    validate('json', generateBody),
    async (c) => {
      const body = c.req.valid('json');
      // The same key again (a retry after a lost answer) gets the same generation's quiz.
      const idempotencyKey = idempotencyKeyOf(c.req.header('idempotency-key'));
      const deps = c.get('deps');
      const instructions = (body.description ?? body.additionalInstructions ?? '').trim();
      const types = [...new Set(body.questionTypes ?? [])];
      const userId = c.get('user').id;
      const input = {
        materialId: body.materialId,
        title: body.title,
        description: instructions,
        generationId: body.generationId,
        idempotencyKey,
        settings: {
          // 'all' is counted once the paper is read (prepareSettings); 0 is refused elsewhere.
          questionCount: body.questionCount === 'all' ? 0 : body.questionCount,
          exam: {
            order: body.order ?? 'random',
            all: body.questionCount === 'all',
            ...(body.unscored && { unscored: true }),
          },
          questionTypes: types.length ? types : DEFAULT_TYPES,
          difficulty: body.difficulty,
          language: body.language,
          additionalInstructions: instructions || undefined,
        },
      };
      // `Prefer: respond-async`: 202 with the queued job, followed at its Location; the job no
      // longer depends on this request (docs/api/generation-queue.md).
      if (/(^|[\s,;])respond-async($|[\s,;])/i.test(c.req.header('prefer') ?? '')) {
        const queued = await queueQuiz(deps, userId, input);
        if (queued.kind === 'made') return c.json({ success: true, data: queued.quiz }, 201);
        c.header('Location', `/api/v1/quiz/generations/${queued.id}`);
        c.header('Preference-Applied', 'respond-async');
        return c.json(
          { success: true, data: await getGeneration(deps.db, userId, queued.id) },
          202,
        );
      }
      const data = await generateQuiz(deps, userId, input, c.req.raw.signal);
      return c.json({ success: true, data }, 201);
    },
  );

  // `resuming` (issue 19): its server stopped while making it; it is picked up again or failed.
  const staleView = (deps: AppEnv['Variables']['deps']) => ({
    now: deps.clock.now(),
    staleMs: deps.config.generationStaleMs,
  });

  r.get(
    '/generations/:id',
    route({
      tag: 'quiz',
      summary:
        'Progress of a generation (stage, percent, status, quiz id when done; resuming when its server stopped).',
      answers: { 200: ok(generation) },
      errors: [404],
    }),
    async (c) => {
      const deps = c.get('deps');
      const data = await getGeneration(
        deps.db,
        c.get('user').id,
        c.req.param('id'),
        staleView(deps),
      );
      return c.json({ success: true, data });
    },
  );

  // Progress as Server-Sent Events, read from the database so any instance can serve it.
  r.get(
    '/generations/:id/events',
    route({
      tag: 'quiz',
      summary: 'The same progress as a Server-Sent Events stream.',
      answers: { 200: { media: 'text/event-stream' } },
      errors: [404],
    }),
    async (c) => {
      const { db } = c.get('deps');
      const userId = c.get('user').id;
      const id = c.req.param('id');
      await getGeneration(db, userId, id);
      return streamSSE(c, async (stream) => {
        let last = '';
        while (!stream.aborted) {
          const g = await getGeneration(db, userId, id, staleView(c.get('deps')));
          const json = JSON.stringify(g);
          if (json !== last) {
            last = json;
            await stream.writeSSE({ event: 'progress', data: json, id: String(g.progress) });
          }
          if (g.status !== 'running') {
            await stream.writeSSE({ event: 'done', data: json });
            return;
          }
          await stream.sleep(250);
        }
      });
    },
  );

  r.post(
    '/generations/:id/cancel',
    route({
      tag: 'quiz',
      summary: 'Cancel a running generation; a free quota reserved for it is given back.',
      answers: { 200: ok(generation) },
      errors: [404],
    }),
    async (c) => {
      const data = await cancelGeneration(c.get('deps'), c.get('user').id, c.req.param('id'));
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/material/:materialId',
    route({
      tag: 'quiz',
      summary: "A material's quizzes with completion and best score.",
      answers: { 200: ok(z.array(quizSummary)) },
      errors: [404],
    }),
    revalidated,
    async (c) => {
      const data = await quizzes.listQuizzesOfMaterial(
        c.get('deps').db,
        c.get('user').id,
        c.req.param('materialId'),
      );
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/:quizId',
    route({
      tag: 'quiz',
      summary: 'A quiz for taking (never the answer key) with saved answers and position.',
      answers: { 200: ok(quizForTaking) },
      errors: [404],
    }),
    revalidated,
    async (c) => {
      const data = await quizzes.getQuizForTaking(
        c.get('deps').db,
        c.get('user').id,
        c.req.param('quizId'),
      );
      return c.json({ success: true, data });
    },
  );

  r.put(
    '/:quizId/progress',
    route({
      tag: 'quiz',
      summary: 'Save answers so far and the current question index.',
      answers: { 200: ok(savedProgress) },
      errors: [400, 404],
    }),
    validate(
      'json',
      z.object({ answers: answersField, currentIndex: z.coerce.number().int().min(0).default(0) }),
    ),
    async (c) => {
      const data = await quizzes.saveProgress(
        c.get('deps'),
        c.get('user').id,
        c.req.param('quizId'),
        c.req.valid('json'),
      );
      return c.json({ success: true, data });
    },
  );

  r.post(
    '/:quizId/submit',
    route({
      tag: 'quiz',
      summary:
        'Submit and score an attempt (idempotent by clientSubmissionId); answers the report.',
      answers: { 200: ok(quizReport) },
      errors: [400, 404, 409],
      doc: 'docs/api/quiz.md',
    }),
    validate(
      'json',
      z.object({
        answers: answersField,
        clientSubmissionId: z.string().trim().min(1).max(100).optional(),
        // Per question: time spent and whether the answer was the first choice (decision 0014).
        timings: z
          .array(
            z.object({
              questionId: z.string().min(1).max(200),
              elapsedMs: z.number().int().min(0).max(86_400_000).optional(),
              firstTry: z.boolean().optional(),
            }),
          )
          .max(500)
          .optional(),
      }),
    ),
    async (c) => {
      const data = await quizzes.submitQuiz(
        c.get('deps'),
        c.get('user'),
        c.req.param('quizId'),
        c.req.valid('json'),
      );
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/:quizId/report',
    route({
      tag: 'quiz',
      summary:
        'The scored report (latest or ?attemptId=) with history; explanations for premium only.',
      params: [{ name: 'attemptId', in: 'query' }],
      answers: { 200: ok(quizReport) },
      errors: [404],
    }),
    revalidated,
    async (c) => {
      const data = await getReport(c.get('deps').db, c.get('user'), c.req.param('quizId'), {
        attemptId: c.req.query('attemptId') || undefined,
      });
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/:quizId/report/export',
    route({
      tag: 'quiz',
      summary: 'The report as PDF or CSV (premium).',
      params: [{ name: 'attemptId', in: 'query' }],
      answers: {
        200: { media: 'application/pdf', description: 'The report (text/csv for format=csv).' },
      },
      errors: [400, 402, 404],
    }),
    validate(
      'query',
      z.object({
        format: z.enum(['pdf', 'csv']).default('pdf'),
        // The learner's IANA zone (the web sends its own): dates as the app shows them.
        tz: z.string().max(64).optional(),
      }),
    ),
    async (c) => {
      const { format, tz } = c.req.valid('query');
      const timeZone = knownTimeZone(tz);
      const locale = c.get('locale');
      const report = await getReportForExport(
        c.get('deps').db,
        c.get('user'),
        c.req.param('quizId'),
      );
      const name = exportFileName(report, format, locale, { timeZone });
      const headers = {
        'Content-Disposition': contentDisposition(name),
        'Cache-Control': 'private, no-store',
      };
      if (format === 'csv') {
        return c.body(renderReportCsv(report, locale), 200, {
          ...headers,
          'Content-Type': 'text/csv; charset=utf-8',
        });
      }
      const pdf = await renderReportPdf(report, locale, { timeZone });
      return c.body(new Uint8Array(pdf), 200, { ...headers, 'Content-Type': 'application/pdf' });
    },
  );

  // The quiz for another tool: Anki, Moodle GIFT or CSV (docs/api/review.md).
  r.get(
    '/:quizId/export',
    route({
      tag: 'quiz',
      summary:
        'The questions for other tools: Anki TSV, Moodle GIFT or CSV (explanations for premium).',
      answers: { 200: { media: 'text/plain' } },
      errors: [400, 404],
      doc: 'docs/api/review.md',
    }),
    validate('query', z.object({ format: z.enum(QUIZ_EXPORT_FORMATS) })),
    async (c) => {
      const file = await exportQuiz(
        c.get('deps').db,
        c.get('user'),
        c.req.param('quizId'),
        c.req.valid('query').format,
        c.get('locale'),
      );
      return c.body(file.body, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': contentDisposition(file.fileName),
        'Cache-Control': 'private, no-store',
      });
    },
  );

  // Unknown or malformed ids are NOT_FOUND like anyone else's quiz.
  r.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  return r;
}

/** A time zone Intl knows (e.g. Europe/Berlin); anything else gives the default zone. */
function knownTimeZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

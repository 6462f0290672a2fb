import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import { AppError } from '../../lib/errors.js';
import { answerCard, rateReview } from '../../review/answer-service.js';
import { MAX_UTC_OFFSET } from '../../review/days.js';
import { listDue } from '../../review/due-service.js';
import { getReminderSettings, saveReminderSettings } from '../../review/reminder-settings.js';
import { markStillLearning } from '../../review/still-learning.js';
import { reviewStats } from '../../review/stats-service.js';
import { confirmUnsubscribe, unsubscribeReminders } from '../../review/unsubscribe.js';
import { ok, route } from '../../lib/contract.js';
import {
  dueList,
  reminderSettings,
  reviewResult,
  reviewStats as statsAnswer,
  stillLearningResult,
} from '../../contract/review.js';

/** Minutes east of UTC, as a query value (`-new Date().getTimezoneOffset()`); UTC when absent. */
export const utcOffsetField = z.coerce.number().int().min(-MAX_UTC_OFFSET).max(MAX_UTC_OFFSET);
export const offsetQuery = z.object({ utcOffset: utcOffsetField.default(0) });

const dueQuery = offsetQuery.extend({
  concept: z.string().trim().min(1).max(200).optional(),
  scope: z.enum(['due', 'all']).default('due'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

const answerBody = z.object({
  clientReviewId: z.string().trim().min(1).max(100),
  answer: z.record(z.string(), z.unknown()),
  elapsedMs: z.number().int().min(0).max(86_400_000).optional(),
  firstTry: z.boolean().optional(),
  answeredAt: z.iso.datetime({ offset: true }).optional(),
});

const rateBody = z.object({
  clientReviewId: z.string().trim().min(1).max(100),
  rating: z.enum(['again', 'hard', 'good', 'easy']),
});

const stillLearningBody = z.object({
  clientReviewId: z.string().trim().min(1).max(100),
  quizId: z.string().trim().min(1).max(64),
  questionId: z.string().trim().min(1).max(200),
  markedAt: z.iso.datetime({ offset: true }).optional(),
});

const remindersBody = z.object({
  enabled: z.boolean(),
  hour: z.number().int().min(0).max(23).optional(),
  utcOffset: utcOffsetField.optional(),
});

/** /api/v1/review: due cards, answers, stats and reminder settings (docs/api/review.md). */
export function reviewRoutes() {
  const r = new Hono<AppEnv>();

  // The link in a reminder e-mail: no sign-in, the signed token says whose reminders stop.
  // GET only asks (a page with a button; mail scanners open links), POST unsubscribes: the
  // button, or the mail client's RFC 8058 one-click (List-Unsubscribe-Post). A browser gets the
  // bilingual page; a client asking for JSON gets the usual JSON answer (issue 19).
  const wantsJson = (c: Context<AppEnv>) => {
    const accept = c.req.header('accept') ?? '';
    return accept.includes('application/json') && !accept.includes('text/html');
  };
  r.get(
    '/reminders/unsubscribe',
    route({
      tag: 'review',
      summary:
        'The unsubscribe link of the reminder e-mail (signed token): a page asking to confirm; nothing changes until POST.',
      auth: false,
      params: [{ name: 'token', in: 'query', required: true }],
      answers: {
        200: {
          media: 'text/html',
          description: 'The page (Accept: application/json: { success, data: { confirm } }).',
        },
        400: { media: 'text/html', description: 'The page saying the link is not valid.' },
      },
      errors: [400],
    }),
    (c) => {
      const asked = confirmUnsubscribe(c.get('deps'), c.req.query('token'));
      if (wantsJson(c)) {
        if (!asked.ok) throw new AppError('UNSUBSCRIBE_TOKEN_INVALID');
        return c.json({ success: true, data: { confirm: 'POST this link to unsubscribe' } });
      }
      return c.html(asked.page, asked.ok ? 200 : 400, { 'Cache-Control': 'no-store' });
    },
  );
  r.post(
    '/reminders/unsubscribe',
    route({
      tag: 'review',
      summary:
        "Unsubscribe: the confirmation page's button, or RFC 8058 one-click (List-Unsubscribe-Post).",
      auth: false,
      params: [{ name: 'token', in: 'query', required: true }],
      answers: {
        200: {
          media: 'text/html',
          description: 'The page (Accept: application/json: { success, data: { enabled } }).',
        },
        400: { media: 'text/html', description: 'The page saying the link is not valid.' },
      },
      errors: [400],
    }),
    async (c) => {
      const done = await unsubscribeReminders(c.get('deps'), c.req.query('token'));
      if (wantsJson(c)) {
        if (!done.ok) throw new AppError('UNSUBSCRIBE_TOKEN_INVALID');
        return c.json({ success: true, data: { enabled: false } });
      }
      return c.html(done.page, done.ok ? 200 : 400, { 'Cache-Control': 'no-store' });
    },
  );

  r.use(requireAuth);

  r.get(
    '/due',
    route({
      tag: 'review',
      summary: "Today's due review cards across materials (questions without keys).",
      answers: { 200: ok(dueList) },
      errors: [400, 402],
      doc: 'docs/api/review.md',
    }),
    validate('query', dueQuery),
    async (c) => {
      const data = await listDue(c.get('deps'), c.get('user'), c.req.valid('query'));
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/stats',
    route({
      tag: 'review',
      summary: 'Due today and this week, reviewed today, cards, streak, retention.',
      answers: { 200: ok(statsAnswer) },
      errors: [400],
    }),
    validate('query', offsetQuery),
    async (c) => {
      const { utcOffset } = c.req.valid('query');
      const data = await reviewStats(c.get('deps'), c.get('user').id, utcOffset);
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/reminders',
    route({
      tag: 'review',
      summary: 'The daily reminder e-mail setting.',
      answers: { 200: ok(reminderSettings) },
    }),
    async (c) => {
      const data = await getReminderSettings(c.get('deps').db, c.get('user').id);
      return c.json({ success: true, data });
    },
  );

  r.put(
    '/reminders',
    route({
      tag: 'review',
      summary: 'Turn the daily reminder e-mail on or off and choose its hour.',
      answers: { 200: ok(reminderSettings) },
      errors: [400],
    }),
    validate('json', remindersBody),
    async (c) => {
      const data = await saveReminderSettings(c.get('deps'), c.get('user').id, c.req.valid('json'));
      return c.json({ success: true, data });
    },
  );

  // "Still learning" on a quiz question's flashcard: its card reviewed with Again (decision 0029).
  r.post(
    '/flashcards/still-learning',
    route({
      tag: 'review',
      summary:
        '"Still learning" on a quiz question\'s flashcard: its review card (made if missing) is reviewed with Again and comes due within minutes. Idempotent by clientReviewId.',
      answers: { 200: ok(stillLearningResult) },
      errors: [400, 404, 409],
      doc: 'docs/decisions/0029-flashcards.md',
    }),
    validate('json', stillLearningBody),
    async (c) => {
      const data = await markStillLearning(c.get('deps'), c.get('user').id, c.req.valid('json'));
      return c.json({ success: true, data });
    },
  );

  r.post(
    '/:cardId/answer',
    route({
      tag: 'review',
      summary:
        'Answer a review card (idempotent by clientReviewId); FSRS schedules the next review.',
      answers: { 200: ok(reviewResult) },
      errors: [400, 404, 409],
      doc: 'docs/api/review.md',
    }),
    validate('json', answerBody),
    async (c) => {
      const data = await answerCard(
        c.get('deps'),
        c.get('user'),
        c.req.param('cardId'),
        c.req.valid('json'),
      );
      return c.json({ success: true, data });
    },
  );

  // The learner's own rating of a revealed answer (docs/decisions/0024-study-modes.md).
  r.post(
    '/:cardId/rate',
    route({
      tag: 'review',
      summary:
        "The learner's own rating of an answered card (again/hard/good/easy): that review is redone with it.",
      answers: { 200: ok(reviewResult) },
      errors: [400, 404, 409],
      doc: 'docs/api/review.md',
    }),
    validate('json', rateBody),
    async (c) => {
      const data = await rateReview(
        c.get('deps'),
        c.get('user'),
        c.req.param('cardId'),
        c.req.valid('json'),
      );
      return c.json({ success: true, data });
    },
  );

  r.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  return r;
}

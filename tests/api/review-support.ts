// Shared steps of the review API tests: a learner with a generated quiz, and answers to it.
import { expect } from 'vitest';
import type { GeneratedQuestion } from '../../api/quizgen/types.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload } from '../support/multipart.js';
import type { TestApp } from '../support/test-app.js';

export const PASSWORD = 'Study2026';
/** 2026-03-09 10:00 in Taipei. */
export const START = new Date('2026-03-09T02:00:00.000Z');
export const TAIPEI = 480;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

// A text that gives five multiple-choice and true/false items for every seed (the AI-safety
// column names too few things of one kind for five sound choice items since round 3).
const zhText = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');

/** The right answer to a stored question, in the spec's submitted shape. */
export function rightAnswer(q: GeneratedQuestion) {
  switch (q.type) {
    case 'multiple_choice':
      return { questionId: q.id, optionId: q.correctOptionId };
    case 'true_false':
      return { questionId: q.id, answer: q.correctOptionId };
    case 'dropdown_fill_in_blank':
      return {
        questionId: q.id,
        blankAnswers: q.blanks!.map((b) => ({
          blankId: b.id,
          selectedOptionId: b.correctOptionId,
        })),
      };
    default:
      return { questionId: q.id, textAnswer: q.acceptedAnswers![0] };
  }
}

/** A wrong answer of the same shape. */
export function wrongAnswer(q: GeneratedQuestion) {
  switch (q.type) {
    case 'multiple_choice':
      return { questionId: q.id, optionId: q.options!.find((o) => o.id !== q.correctOptionId)!.id };
    case 'true_false':
      return { questionId: q.id, answer: q.correctOptionId === 'true' ? 'false' : 'true' };
    case 'dropdown_fill_in_blank':
      return {
        questionId: q.id,
        blankAnswers: q.blanks!.map((b) => ({
          blankId: b.id,
          selectedOptionId: b.options.find((o) => o.id !== b.correctOptionId)!.id,
        })),
      };
    default:
      return { questionId: q.id, textAnswer: 'definitely not the answer' };
  }
}

/** A verified, signed-in learner. */
export async function learner(t: TestApp, email: string, locale = 'zh-TW') {
  const { token, user } = await registerVerifiedUser(t, { email, password: PASSWORD, locale });
  return { token, id: user.id, email };
}

/** Uploads the zh-TW column and generates a 5-question quiz; its stored questions (with keys). */
export async function makeQuiz(t: TestApp, token: string, title = 'AI 安全') {
  const up = await upload(t, token, [zhText], { title });
  expect(up.status).toBe(201);
  const gen = await t.call(
    'POST',
    '/api/v1/quiz/generate',
    {
      materialId: up.body.data.id,
      questionCount: 5,
      questionTypes: ['multiple_choice', 'true_false'],
      language: 'zh-TW',
    },
    { token },
  );
  expect(gen.status).toBe(201);
  const row = await t.db
    .selectFrom('quizzes')
    .select('questions')
    .where('id', '=', gen.body.data.quizId)
    .executeTakeFirstOrThrow();
  return {
    quizId: gen.body.data.quizId as string,
    materialId: up.body.data.id as string,
    questions: JSON.parse(row.questions) as GeneratedQuestion[],
  };
}

/** Makes the account premium, as a paid subscription would. */
export async function makePremium(t: TestApp, userId: string) {
  await t.db
    .updateTable('users')
    .set({ account_type: 'premium' })
    .where('id', '=', userId)
    .execute();
}

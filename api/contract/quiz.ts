import { z } from 'zod';
import { QUESTION_TYPES } from '../quizgen/types.js';
import { blockLocation } from './materials.js';

const option = z.strictObject({ id: z.string(), text: z.string() });

/** A question as it is sent for taking: never the key (api/quiz/presenter.ts). */
export const clientQuestion = z
  .strictObject({
    id: z.string(),
    type: z.enum(QUESTION_TYPES),
    question: z.string(),
    exam: z
      .strictObject({ paper: z.string(), number: z.number() })
      .optional()
      .meta({ description: "An exam item's paper and question number as printed." }),
    unscored: z.literal(true).optional(),
    multiSelect: z.literal(true).optional(),
    options: z.array(option).optional(),
    blanks: z.array(z.strictObject({ id: z.string(), options: z.array(option) })).optional(),
  })
  .meta({ id: 'ClientQuestion' });
export type ClientQuestion = z.output<typeof clientQuestion>;

export const quizNotice = z.strictObject({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type QuizNotice = z.output<typeof quizNotice>;

/** One answer; which fields depend on the question type (docs/api/quiz.md). */
export const submittedAnswer = z
  .looseObject({
    questionId: z.string(),
    optionId: z.string().optional(),
    optionIds: z.array(z.string()).optional(),
    answer: z.string().optional(),
    textAnswer: z.string().optional(),
    blankAnswers: z
      .array(z.looseObject({ blankId: z.string(), selectedOptionId: z.string().optional() }))
      .optional(),
  })
  .meta({ id: 'SubmittedAnswer' });

const quizHeader = {
  quizId: z.string(),
  materialId: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: z.string(),
  language: z.string(),
  questionTypes: z.array(z.enum(QUESTION_TYPES)),
  questionCount: z.number(),
};

/** POST /quiz/generate (201): the new quiz, ready to take. */
export const generatedQuiz = z.strictObject({
  ...quizHeader,
  questions: z.array(clientQuestion),
  notices: z.array(quizNotice),
  generator: z.string().meta({ description: 'builtin, llm or exam.' }),
});
export type GeneratedQuiz = z.output<typeof generatedQuiz>;

/** GET /quiz/{quizId}: the quiz for taking, with the attempt in progress. */
export const quizForTaking = z.strictObject({
  ...quizHeader,
  questions: z.array(clientQuestion),
  notices: z.array(quizNotice),
  completed: z.boolean(),
  score: z.number().nullable(),
  lastScore: z.number().nullable(),
  bestScore: z.number().nullable(),
  lastTakenAt: z.string().nullable(),
  attemptCount: z.number(),
  savedAnswers: z.array(z.unknown()).meta({ description: 'The answers saved so far, as sent.' }),
  currentIndex: z.number(),
});
export type QuizForTaking = z.output<typeof quizForTaking>;

export const generationStatus = z.enum(['running', 'succeeded', 'failed', 'cancelled']);
export const generationStage = z.enum([
  'queued',
  'reading',
  'concepts',
  'writing',
  'checking',
  'done',
]);

/** GET /quiz/generations/{id} (and the 202 of POST /quiz/generate). */
export const generation = z
  .strictObject({
    id: z.string(),
    materialId: z.string(),
    status: generationStatus,
    stage: generationStage,
    progress: z.number(),
    quizId: z.string().nullable(),
    errorCode: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    resuming: z
      .boolean()
      .meta({ description: 'Its server stopped; it is picked up again (or the learner cancels).' }),
  })
  .meta({ id: 'Generation' });
export type Generation = z.output<typeof generation>;

/** Where a question's answer stands in the material (premium reports only). */
export const citation = z
  .strictObject({ fileId: z.string(), quote: z.string(), location: blockLocation })
  .meta({ id: 'Citation' });

/** What the learner answered (or the key), structured so a report shows it in any language. */
const answerSelection = z.strictObject({
  optionId: z.string().optional(),
  optionIds: z.array(z.string()).optional(),
  optionSets: z.array(z.array(z.string())).optional(),
  anyAnswer: z.boolean().optional(),
  value: z.boolean().optional(),
  blanks: z
    .array(z.strictObject({ blankId: z.string(), optionId: z.string().optional() }))
    .optional(),
  text: z.string().optional(),
});

/** One question of a scored attempt (api/scoring/types.ts AnswerDetail). */
export const answerDetail = z
  .strictObject({
    questionId: z.string(),
    type: z.enum(QUESTION_TYPES),
    question: z.string(),
    exam: z.strictObject({ paper: z.string(), number: z.number() }).optional(),
    unscored: z.boolean().optional(),
    multiSelect: z.boolean().optional(),
    options: z.array(option).optional(),
    blanks: z.array(z.strictObject({ id: z.string(), options: z.array(option) })).optional(),
    isCorrect: z.boolean(),
    answered: z.boolean(),
    userAnswer: z.string(),
    correctAnswer: z.string(),
    userSelection: answerSelection.nullable(),
    correctSelection: answerSelection,
    explanation: z.string().optional().meta({ description: 'Premium only.' }),
    relatedConcepts: z.array(z.string()).optional().meta({ description: 'Premium only.' }),
    citation: citation.optional().meta({ description: 'Premium only.' }),
  })
  .meta({ id: 'AnswerDetail' });
export type AnswerDetail = z.output<typeof answerDetail>;

export const typeStats = z.strictObject({ total: z.number(), correct: z.number() });
export type TypeStats = z.output<typeof typeStats>;

/** GET /quiz/{quizId}/report and POST /quiz/{quizId}/submit: a scored attempt. */
export const quizReport = z
  .strictObject({
    quizId: z.string(),
    attemptId: z.string(),
    materialId: z.string(),
    quizTitle: z.string(),
    quizDescription: z.string(),
    language: z.string(),
    difficulty: z.string(),
    score: z.number(),
    correctAnswers: z.number(),
    totalQuestions: z.number(),
    typeAnalysis: z.partialRecord(z.enum(QUESTION_TYPES), typeStats),
    answersDetail: z.array(answerDetail),
    submittedAt: z.string(),
    premium: z.boolean(),
    locked: z.boolean().meta({ description: 'Premium content was withheld (free account).' }),
    unscored: z.literal(true).optional(),
    lastScore: z.number(),
    bestScore: z.number(),
    attemptCount: z.number(),
    history: z.array(
      z.strictObject({ attemptId: z.string(), score: z.number(), submittedAt: z.string() }),
    ),
  })
  .meta({ id: 'QuizReport' });
export type QuizReport = z.output<typeof quizReport>;

/** PUT /quiz/{quizId}/progress: what was saved. */
export const savedProgress = z.strictObject({
  answeredCount: z.number(),
  currentIndex: z.number(),
});
export type SavedProgress = z.output<typeof savedProgress>;

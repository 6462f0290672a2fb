import type { Db } from '../db/database.js';
import { findOwned } from '../auth/owned-row.js';
import { isPremium, type Learner } from '../auth/learner.js';
import { storedQuestions } from '../quiz/presenter.js';
import { renderQuizAnki } from './quiz-anki.js';
import { renderQuizCsv } from './quiz-csv.js';
import { renderQuizGift } from './quiz-gift.js';
import { quizExport, quizExportFileName } from './quiz-questions.js';
import type { ExportLocale } from './labels.js';

export type QuizExportFormat = 'anki' | 'gift' | 'csv';
export const QUIZ_EXPORT_FORMATS = ['anki', 'gift', 'csv'] as const;

const CONTENT_TYPES: Record<QuizExportFormat, string> = {
  anki: 'text/tab-separated-values; charset=utf-8',
  gift: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * One of the learner's quizzes as a file for another tool (Anki, Moodle, a spreadsheet):
 * the key for every account, explanations, citations and concepts for premium only.
 */
export async function exportQuiz(
  db: Db,
  learner: Learner,
  quizId: string,
  format: QuizExportFormat,
  locale: ExportLocale,
) {
  const quiz = await findOwned(db, 'quizzes', learner.id, quizId, [
    'title',
    'language',
    'questions',
  ]);
  const model = quizExport(quiz, storedQuestions(quiz), isPremium(learner));
  const body =
    format === 'anki'
      ? renderQuizAnki(model)
      : format === 'gift'
        ? renderQuizGift(model)
        : renderQuizCsv(model, locale);
  return {
    body,
    fileName: quizExportFileName(quiz.title, format),
    contentType: CONTENT_TYPES[format],
  };
}

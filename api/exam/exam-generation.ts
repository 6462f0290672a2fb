/**
 * Quiz generation for a material that may hold an exam paper (issue 17, docs/decisions/0021):
 * the paper's items verbatim first, generated questions from the material's other files only
 * when more are asked for than the paper has. The check at queue time refuses what cannot be
 * made before a free quiz is counted.
 */
import type { ExtractedDocument } from '../extract/types.js';
import { AppError } from '../lib/errors.js';
import {
  QUESTION_COUNTS,
  type GenerateOptions,
  type GenerateResult,
  type QuizGenerator,
  type QuizSettings,
} from '../quizgen/types.js';
import {
  isExamMaterial,
  isUnscoredPractice,
  paperLanguage,
  pickExamQuestions,
  practiceItems,
  proseDocument,
  usableItems,
} from './exam-quiz.js';
import { recognizeExam } from './recognize.js';
import type { ExamRecognition } from './types.js';

/** The refusal of a count the material does not allow, shaped as the validator's. */
const badCount = () =>
  new AppError('VALIDATION_FAILED', {
    details: {
      fields: {
        questionCount: 'Choose 5, 10, 15 or 20 questions (an exam paper: up to its items, or all).',
      },
    },
  });

/** Most questions one quiz may have (an "all" exam quiz of a long paper included). */
export const MAX_EXAM_QUESTIONS = 200;

/** What the reader recognised in a material; null when it holds no exam item or essay. */
export function recognizeMaterial(doc: ExtractedDocument): ExamRecognition | null {
  const rec = recognizeExam(doc, { fileNames: doc.fileNames });
  return rec.items.length || rec.essays.length ? rec : null;
}

/** What the reader found in a material, with whether it has other text (a mixed material). */
export interface MaterialExam {
  rec: ExamRecognition | null;
  otherText: boolean;
}

/**
 * The reader's finding for a material, read from its stored text each time it is asked: the
 * reader is linear in the text's length and leaves prose early (api/exam/items.ts), so nothing
 * is kept between requests and a better reader applies at once.
 */
export function examOfMaterial(doc: ExtractedDocument): MaterialExam {
  const rec = recognizeMaterial(doc);
  return { rec, otherText: rec ? hasProse(rec, doc) : true };
}

/** True when the material has text of its own besides its exam papers and keys. */
const hasProse = (rec: ExamRecognition, doc: ExtractedDocument) =>
  proseDocument(rec, doc).blocks.some((b) => b.text.trim().length > 0);

/**
 * Checks a generation request against the material before it is queued, and fills in what
 * the runner needs to make the same quiz on any instance (the seed of a random draw, the
 * count of an "all" request). Throws a translated error when it cannot be made.
 */
export function prepareSettings(
  { rec, otherText: prose }: MaterialExam,
  settings: QuizSettings,
): QuizSettings {
  if (!isExamMaterial(rec)) {
    // The exam-only counts and settings need an exam paper.
    if (
      !(QUESTION_COUNTS as readonly number[]).includes(settings.questionCount) ||
      settings.exam?.all
    )
      throw badCount();
    return { ...settings, exam: undefined };
  }
  // A paper without its key is practised unscored only when the learner chose so.
  const unscored = isUnscoredPractice(rec, settings);
  if (!rec.keyFound && !prose && !unscored) throw new AppError('EXAM_KEY_MISSING');
  if (unscored && practiceItems(rec).length === 0) throw new AppError('EXAM_KEY_MISSING');
  if (!settings.questionTypes.includes('multiple_choice') && !prose && !unscored)
    throw new AppError('EXAM_CHOICE_ONLY');
  const items = unscored ? practiceItems(rec).length : usableItems(rec).length;
  const count = settings.exam?.all ? items : settings.questionCount;
  if (count < 1 || count > MAX_EXAM_QUESTIONS) throw badCount();
  const allowed =
    (QUESTION_COUNTS as readonly number[]).includes(count) || count <= Math.max(items, 1);
  if (!allowed) throw badCount();
  return {
    ...settings,
    questionCount: count,
    exam: {
      order: settings.exam?.order ?? 'random',
      all: settings.exam?.all ?? false,
      // With a key the quiz is scored: the choice of unscored practice is not kept.
      ...(unscored && { unscored: true }),
    },
    // A random draw is made once: the same job run again (another instance) asks the same.
    seed: settings.seed ?? Math.floor(Math.random() * 2 ** 31),
  };
}

/**
 * Makes the quiz of a material: the exam paper's items when it holds one (see pickExamQuestions),
 * topped up from its other files by `generator`; otherwise `generator` alone, as before.
 */
export async function generateForMaterial(
  generator: QuizGenerator,
  doc: ExtractedDocument,
  { rec }: MaterialExam,
  settings: QuizSettings,
  opts: GenerateOptions = {},
): Promise<GenerateResult> {
  if (!isExamMaterial(rec)) return generator.generate(doc, settings, opts);
  const prose = proseDocument(rec, doc);
  const withProse = prose.blocks.length > 0;
  // Unscored practice (a paper without key, chosen by the learner): the paper's items only,
  // with no key; never topped up with generated questions, which would be scored.
  const unscored = isUnscoredPractice(rec, settings);

  if (!unscored && (!rec.keyFound || !settings.questionTypes.includes('multiple_choice'))) {
    // Never a question scored against a guessed key, never a question written about a question.
    if (!withProse) throw new AppError(rec.keyFound ? 'EXAM_CHOICE_ONLY' : 'EXAM_KEY_MISSING');
    const result = await generator.generate(prose, settings, opts);
    const notices = rec.keyFound
      ? result.notices
      : [{ code: 'EXAM_KEY_MISSING' }, ...result.notices];
    return { ...result, notices };
  }

  opts.onProgress?.('reading', 1);
  const pick = pickExamQuestions(rec, settings);
  let questions = pick.questions;
  const notices = [...pick.notices];
  let language = pick.language;
  if (pick.missing > 0 && withProse && !unscored) {
    const more = await generator.generate(
      prose,
      { ...settings, questionCount: pick.missing, exam: undefined },
      opts,
    );
    questions = [...questions, ...more.questions];
    notices.push(...more.notices.filter((n) => n.code !== 'NOT_ENOUGH_MATERIAL'));
    language = settings.language;
  }
  if (questions.length < settings.questionCount)
    notices.push({
      code: 'NOT_ENOUGH_MATERIAL',
      params: { requested: settings.questionCount, produced: questions.length },
    });
  opts.onProgress?.('checking', 1);
  return {
    // One numbering for the whole quiz: the paper's numbers are kept in `exam`.
    questions: questions.map((q, i) => ({ ...q, id: `q${i + 1}` })),
    notices,
    generator: 'exam',
    language: pick.questions.length ? language : paperLanguage(rec.items),
  };
}

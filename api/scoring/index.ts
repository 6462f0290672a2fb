export type {
  AnswerDetail,
  AnswerSelection,
  QuizReport,
  ScoreResult,
  SubmittedAnswer,
  TypeStats,
} from './types.js';
export {
  ANSWER_LIMITS,
  answeredCount,
  isAnswered,
  sanitizeAnswers,
  type AnswerProblem,
} from './answers.js';
export { withholdPremium } from './gate.js';
export { acceptedOptionIds, scoreAttempt } from './score.js';
export { normalizeShortAnswer, shortAnswerMatches } from './short-answer.js';
export { parseTrueFalse } from './true-false.js';

import { choiceOptions, formatAnswer, normalizeFill } from '../lib/answer-format';
import { formatLocation } from '../lib/location';
import { QuestionView } from './question-view';
// The question card and the revealed answer look the same wherever a question is asked.
import './quiz-take.css';
import './results-review.css';

/**
 * The quiz's question controls and answer formatting, for another screen that asks the same
 * questions (the review page). The app layer hands this to it: features do not import each
 * other (docs/decisions/0017-review-and-progress-web.md).
 */
export const questionKit = {
  QuestionView,
  formatAnswer,
  choiceOptions,
  normalizeFill,
  formatLocation,
};

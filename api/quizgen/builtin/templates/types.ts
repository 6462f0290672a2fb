import type { Location } from '../../../extract/types.js';

/**
 * The words a quiz is written in, per requested language. The tested sentences stay in the
 * material's language (the built-in generator cannot translate); everything around them —
 * instructions, labels, explanations — comes from here.
 */
export interface QuizTemplates {
  /** What joins the sentences of an explanation ('' in Chinese, ' ' in English). */
  join: string;
  trueLabel: string;
  falseLabel: string;
  quote(text: string): string;
  location(location: Location): string;
  /** `where` names the sheet and rows when a table row is asked (rows repeat across sheets). */
  mcqCloze(stem: string, where?: string): string;
  mcqDefinition(body: string): string;
  /** "Which of these is NOT one of the <category> the material names?" (a counted list). */
  mcqNotInList(category: string): string;
  /** Why the key is the answer of mcqNotInList: the list quoted does not hold it. */
  explainNotInList(key: string, category: string): string;
  trueFalse(statement: string, where?: string): string;
  dropdown(stem: string, where?: string): string;
  shortAnswerCloze(stem: string, where?: string): string;
  shortAnswerDefinition(body: string): string;
  explainSupport(location: string, quote: string): string;
  explainKey(keys: string[]): string;
  /**
   * Why a distractor is wrong, only where the material says so: the sentence that defines it
   * or holds its own value (another row, another office's age limit).
   */
  explainDistractor(distractor: string, location: string, quote: string): string;
  explainTrue(): string;
  explainFalse(original: string, changed: string): string;
}

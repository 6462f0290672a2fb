import type { QuizLanguage } from '../../types.js';
import { enTemplates } from './en.js';
import type { QuizTemplates } from './types.js';
import { zhTwTemplates } from './zh-tw.js';

export type { QuizTemplates } from './types.js';

/** The templates for the quiz's requested language. */
export function templatesFor(language: QuizLanguage): QuizTemplates {
  return language === 'zh-TW' ? zhTwTemplates : enTemplates;
}

import { createContext, useContext, type ComponentType, type Ref } from 'react';
import type { Citation } from '../../../../api/quizgen/types';
import type { ClientQuestion, SubmittedAnswer } from '../api/types';

/**
 * The quiz's question components and answer formatting, handed to the review feature by the
 * app layer (features never import each other; docs/decisions/0017). A review card is
 * answered with the very same controls as a quiz question.
 */

/** What the learner picked for one question (the quiz's draft shape). */
export interface ReviewDraft {
  choice?: string;
  choices?: string[];
  blanks?: Record<string, string>;
  text?: string;
}

export interface QuestionViewProps {
  question: ClientQuestion;
  position: number;
  total: number;
  draft: ReviewDraft | undefined;
  onChange: (draft: ReviewDraft) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

export interface KitOption {
  value: string;
  text: string;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface QuestionKit {
  /** One question with its answer controls (the heading is focused by the caller). */
  QuestionView: ComponentType<QuestionViewProps>;
  /** The answer to send, or null when the question has none yet. */
  formatAnswer(question: ClientQuestion, draft: ReviewDraft | undefined): SubmittedAnswer | null;
  /** A choice question's (or a blank's) options with the value a control carries. */
  choiceOptions(options: unknown): KitOption[];
  /** A fill-in question's blanks, each with its options. */
  normalizeFill(question: ClientQuestion): { blanks: Array<{ id: string; options: KitOption[] }> };
  /** "第 3 頁" / "Page 3" for a cited quote (needs the quiz namespace's t). */
  formatLocation(location: Citation['location'] | undefined, t: Translate): string;
}

export const QuestionKitContext = createContext<QuestionKit | null>(null);

/** The kit the app layer provided; a page rendered without one is a wiring mistake. */
export function useQuestionKit(): QuestionKit {
  const kit = useContext(QuestionKitContext);
  if (!kit) throw new Error('The review page needs a QuestionKitContext provider');
  return kit;
}

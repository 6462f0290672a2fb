import { useCallback, useEffect, useRef } from 'react';
import { useQuizSession } from '../stores/quiz-session-store';

/**
 * A question the learner moved to is announced by moving focus to its heading (only after a
 * move, never on the first paint); and its clock runs while it is on screen (review cards are
 * rated by the time spent).
 */
export function useQuestionFocus(index: number, questionId: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    headingRef.current?.focus();
  }, [index]);

  useEffect(() => {
    useQuizSession.getState().show(questionId);
    return () => useQuizSession.getState().show(null);
  }, [questionId]);

  /** Call before moving to another question: its heading takes focus once it shows. */
  const focusAfterMove = useCallback(() => {
    focusPending.current = true;
  }, []);
  return { headingRef, focusAfterMove };
}

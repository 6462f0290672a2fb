import { useEffect, useLayoutEffect } from 'react';
import type { AttemptRow } from '../../../db';
import { saveAttempt } from '../../../db/cache';
import type { QuizDetails } from '../api/types';
import { draftsFromSaved, type Draft } from '../lib/answer-format';
import { useQuizSession } from '../stores/quiz-session-store';

/**
 * Resume: the server's saved answers, overlaid with the ones this device kept, overlaid with
 * any newer ones still in this tab — or nothing at all for a retake. Set before the first paint,
 * so the learner never sees the empty state flash.
 */
export function useAttemptResume(quiz: QuizDetails, fresh: boolean, attempt: AttemptRow | null) {
  const { quizId, questions } = quiz;
  const total = questions.length;
  useLayoutEffect(() => {
    const session = useQuizSession.getState();
    if (fresh) {
      session.begin(quizId, {}, 0);
      return;
    }
    const mine = session.quizId === quizId;
    const drafts = {
      ...draftsFromSaved(questions, quiz.savedAnswers),
      ...((attempt?.drafts ?? {}) as Record<string, Draft>),
      ...(mine ? session.drafts : {}),
    };
    const index = mine ? session.index : (attempt?.currentIndex ?? quiz.currentIndex);
    session.begin(quizId, drafts, Math.min(Math.max(0, index), total - 1));
  }, [quiz, quizId, questions, total, fresh, attempt]);
}

/**
 * Every change is written to the device at once: closing the tab (or the battery dying) loses
 * nothing, online or not.
 */
export function useAttemptDeviceCopy(userId: string | null, quizId: string, materialId: string) {
  useEffect(() => {
    if (userId === null) return;
    return useQuizSession.subscribe((s, prev) => {
      if (s.quizId !== quizId || (s.drafts === prev.drafts && s.index === prev.index)) return;
      void saveAttempt(userId, { quizId, materialId, drafts: s.drafts, currentIndex: s.index });
    });
  }, [userId, quizId, materialId]);
}

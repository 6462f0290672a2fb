import { create } from 'zustand';
import type { Draft } from '../lib/answer-format';
import type { QuizDetails, QuizReport } from '../api/types';

/**
 * The quiz being taken: UI and session state only (the server keeps the saved answers and the
 * reports). It outlives the page so a retake and a submit can hand data to the next screen.
 */
interface QuizSessionState {
  quizId: string | null;
  drafts: Record<string, Draft>;
  index: number;
  /** Made once per attempt and reused when a failed submit is retried (idempotent on the server). */
  submissionId: string | null;
  /** Quiz details a retake just loaded: the questions page starts from them with no answers. */
  retake: QuizDetails | null;
  /** The report a submit answered, so the results page needs no second request. */
  report: QuizReport | null;

  begin(quizId: string, drafts: Record<string, Draft>, index: number): void;
  setDraft(questionId: string, draft: Draft): void;
  setIndex(index: number): void;
  /** A stable submission id for this attempt (made on first use). */
  submissionIdFor(): string;
  startRetake(details: QuizDetails): void;
  finish(report: QuizReport): void;
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  // Insecure contexts (plain http on a LAN address) lack randomUUID; uniqueness is enough here.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export const useQuizSession = create<QuizSessionState>((set, get) => ({
  quizId: null,
  drafts: {},
  index: 0,
  submissionId: null,
  retake: null,
  report: null,

  begin(quizId, drafts, index) {
    const same = get().quizId === quizId;
    set({
      quizId,
      drafts,
      index,
      submissionId: same ? get().submissionId : null,
      retake: null,
    });
  },
  setDraft(questionId, draft) {
    set((s) => ({ drafts: { ...s.drafts, [questionId]: draft } }));
  },
  setIndex(index) {
    set({ index });
  },
  submissionIdFor() {
    const current = get().submissionId;
    if (current) return current;
    const id = newId();
    set({ submissionId: id });
    return id;
  },
  startRetake(details) {
    set({
      quizId: details.quizId,
      drafts: {},
      index: 0,
      submissionId: null,
      retake: details,
      report: null,
    });
  },
  finish(report) {
    set({ quizId: null, drafts: {}, index: 0, submissionId: null, retake: null, report });
  },
}));

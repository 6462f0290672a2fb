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
  /** Time spent on each question and whether its answer was changed, for review scheduling. */
  timing: Record<string, { ms: number; changed: boolean }>;
  /** The question on screen and since when. */
  shown: { id: string; at: number } | null;

  begin(quizId: string, drafts: Record<string, Draft>, index: number): void;
  setDraft(questionId: string, draft: Draft): void;
  setIndex(index: number): void;
  /** A stable submission id for this attempt (made on first use). */
  submissionIdFor(): string;
  startRetake(details: QuizDetails): void;
  finish(report: QuizReport): void;
  /** The question now on screen (null: none); the previous one's clock stops. */
  show(questionId: string | null): void;
  /** Per answered question: time spent and whether the first answer stood (docs/api/review.md). */
  timingsFor(
    questionIds: string[],
  ): Array<{ questionId: string; elapsedMs: number; firstTry: boolean }>;
}

/** Whether a new draft replaces an answer already given (not one still being filled in). */
function replaces(prev: Draft | undefined, next: Draft): boolean {
  if (!prev) return false;
  if (prev.choice !== undefined && next.choice !== prev.choice) return true;
  // A multiple-select box cleared after it was ticked (ticking another is still answering).
  if (prev.choices?.some((c) => !next.choices?.includes(c))) return true;
  return Object.entries(prev.blanks ?? {}).some(([id, v]) => next.blanks?.[id] !== v);
}

/** The timing table with the shown question's time so far added. */
function closeClock(s: Pick<QuizSessionState, 'timing' | 'shown'>, now: number) {
  if (!s.shown) return s.timing;
  const old = s.timing[s.shown.id] ?? { ms: 0, changed: false };
  return { ...s.timing, [s.shown.id]: { ...old, ms: old.ms + Math.max(0, now - s.shown.at) } };
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
  timing: {},
  shown: null,

  begin(quizId, drafts, index) {
    const same = get().quizId === quizId;
    set({
      quizId,
      drafts,
      index,
      submissionId: same ? get().submissionId : null,
      retake: null,
      timing: same ? get().timing : {},
      shown: null,
    });
  },
  setDraft(questionId, draft) {
    set((s) => {
      const changed = replaces(s.drafts[questionId], draft);
      const old = s.timing[questionId] ?? { ms: 0, changed: false };
      return {
        drafts: { ...s.drafts, [questionId]: draft },
        timing: changed ? { ...s.timing, [questionId]: { ...old, changed: true } } : s.timing,
      };
    });
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
      timing: {},
      shown: null,
    });
  },
  finish(report) {
    set({
      quizId: null,
      drafts: {},
      index: 0,
      submissionId: null,
      retake: null,
      report,
      timing: {},
      shown: null,
    });
  },
  show(questionId) {
    const now = Date.now();
    set((s) => ({
      timing: closeClock(s, now),
      shown: questionId === null ? null : { id: questionId, at: now },
    }));
  },
  timingsFor(questionIds) {
    const s = get();
    const timing = closeClock(s, Date.now());
    return questionIds
      .filter((id) => timing[id] && s.drafts[id])
      .map((id) => ({
        questionId: id,
        // The server takes at most a day per question.
        elapsedMs: Math.min(86_400_000, Math.round(timing[id]!.ms)),
        firstTry: !timing[id]!.changed,
      }));
  },
}));

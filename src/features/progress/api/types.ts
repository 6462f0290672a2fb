/** GET /progress → data (docs/api/review.md "GET /progress"). */
export interface ProgressAttempt {
  attemptId: string;
  quizId: string;
  quizTitle: string;
  score: number;
  submittedAt: string;
  day: string;
}

export interface MaterialProgress {
  materialId: string;
  title: string;
  /** Oldest first: the chart's x axis. */
  attempts: ProgressAttempt[];
}

export interface ConceptAccuracy {
  concept: string;
  correct: number;
  total: number;
  /** 0–1. */
  accuracy: number;
  cardCount: number;
  dueCount: number;
}

export interface Progress {
  materials: MaterialProgress[];
  /** Weakest first; empty for a free account (conceptsLocked). */
  concepts: ConceptAccuracy[];
  premium: boolean;
  conceptsLocked: boolean;
  streakDays: number;
  studiedToday: boolean;
  /** Study days of the last 60 local days, ascending (YYYY-MM-DD). */
  studyDays: string[];
  totals: { attempts: number; reviews: number; cards: number };
}

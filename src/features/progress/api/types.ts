import type { Progress } from '../../../../api/contract/review';

/** GET /progress → data (docs/api/review.md "GET /progress"): the API's own type. */
export type { Progress };
/** One material's scores, oldest attempt first (the chart's x axis). */
export type MaterialProgress = Progress['materials'][number];
export type ProgressAttempt = MaterialProgress['attempts'][number];
/** A concept's accuracy (0–1), weakest first; none for a free account (conceptsLocked). */
export type ConceptAccuracy = Progress['concepts'][number];

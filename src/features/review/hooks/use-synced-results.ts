import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readAnswers } from '../../../db/review-store';
import { parseResult } from '../api/answer-card';
import type { ReviewResult } from '../api/types';

const NONE: ReadonlyMap<string, ReviewResult> = new Map();

/**
 * The server's results of answers given in this session, as the device has them: an answer
 * queued offline gets its result here once the outbox delivered it (live).
 */
export function useSyncedResults(
  userId: string,
  clientReviewIds: readonly string[],
): ReadonlyMap<string, ReviewResult> {
  const key = clientReviewIds.join(',');
  const rows = useLiveQuery(
    () => (clientReviewIds.length ? readAnswers(userId, clientReviewIds) : undefined),
    // The ids are read through `key`: a new array with the same ids is the same query.
    [userId, key],
  );
  return useMemo(() => {
    if (!rows) return NONE;
    const out = new Map<string, ReviewResult>();
    for (const [id, row] of rows) {
      const result = row.status === 'done' ? parseResult(row.result) : null;
      if (result) out.set(id, result);
    }
    return out;
  }, [rows]);
}

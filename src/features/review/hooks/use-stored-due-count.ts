import { useLiveQuery } from 'dexie-react-hooks';
import { countDue } from '../../../db/review-store';
import { localDayEnd } from '../api/paths';

/**
 * Cards due today as the device has them, live, without asking the network (the header badge
 * keeps that copy fresh). 0 until a due list was stored.
 */
export function useStoredDueCount(userId: string): number {
  return useLiveQuery(() => countDue(userId, localDayEnd()), [userId]) ?? 0;
}

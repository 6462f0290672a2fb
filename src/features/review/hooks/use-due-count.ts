import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { countDue } from '../../../db/review-store';
import { onMaterialChanged } from '../../../lib/data-events';
import { getDue } from '../api/get-due';
import { localDayEnd } from '../api/paths';

/** A focus refresh waits at least this long after the last one. */
const FOCUS_REFRESH_MS = 60_000;

/**
 * How many cards are due today, as the device knows it (live: answering one, or a synced
 * answer, changes it at once). The due list is fetched on start, when the network comes back,
 * on focus and after a quiz is scored; that also keeps today's queue on the device for offline
 * review. Null until a due list was stored.
 */
export function useDueCount(userId: string): number | null {
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let last = 0;
    let controller: AbortController | null = null;
    const refresh = (force: boolean) => {
      if (navigator.onLine === false) return;
      if (!force && Date.now() - last < FOCUS_REFRESH_MS) return;
      last = Date.now();
      controller?.abort();
      controller = new AbortController();
      getDue({}, controller.signal)
        .then(() => setTick((n) => n + 1))
        .catch(() => undefined);
    };
    refresh(true);
    const onOnline = () => refresh(true);
    const onFocus = () => refresh(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('focus', onFocus);
    // A scored quiz makes or updates cards.
    const stop = onMaterialChanged(() => refresh(true));
    return () => {
      controller?.abort();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', onFocus);
      stop();
    };
  }, [userId]);

  // `tick` re-reads "today" after each refresh (the day may have turned).
  return useLiveQuery(() => countDue(userId, localDayEnd()), [userId, tick], undefined) ?? null;
}

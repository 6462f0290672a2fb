import { useEffect, useRef, useState } from 'react';
import { secondsLeft } from '../lib/payment-outcome';

/**
 * Counts down `totalMs` once `running` turns on and calls `onDone` at zero; turning it off
 * stops the count. Time is measured from the start, so a throttled background tab still
 * leaves on time.
 */
export function useCountdown(running: boolean, totalMs: number, onDone: () => void) {
  const [left, setLeft] = useState(Math.ceil(totalMs / 1000));
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    const id = setInterval(() => {
      const next = secondsLeft(startedAt, Date.now(), totalMs);
      setLeft(next);
      if (next === 0) {
        clearInterval(id);
        onDoneRef.current();
      }
    }, 250);
    return () => clearInterval(id);
  }, [running, totalMs]);

  return left;
}

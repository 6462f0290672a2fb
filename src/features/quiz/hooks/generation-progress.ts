import { useEffect, useRef, useState } from 'react';
import type { GenerationStage } from '../api/types';
import { displayProgress, nextSimulated, TICK_MS } from '../lib/generation-progress';

/**
 * The percentage the bar shows: a simulation ticking every 100 ms within the server's current
 * stage band, the server's own progress when that is ahead, 100 when done.
 */
export function useGenerationProgress(
  stage: GenerationStage | null,
  serverProgress: number,
  done: boolean,
): number {
  const [simulated, setSimulated] = useState(0);
  const latest = useRef({ stage, serverProgress });
  useEffect(() => {
    latest.current = { stage, serverProgress };
  });

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      const { stage: s, serverProgress: p } = latest.current;
      setSimulated((current) => nextSimulated(current, s, p));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [done]);

  return displayProgress(simulated, serverProgress, done);
}

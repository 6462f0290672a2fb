import { useEffect, useState } from 'react';

/** Where scripts/make-demo-video.mjs writes the walkthrough (public/demo/). */
export const DEMO_FILES = {
  video: '/demo/mnemo-demo.webm',
  poster: '/demo/poster.webp',
  steps: '/demo/steps.json',
  captions: (lng: string) => `/demo/captions.${lng}.vtt`,
} as const;

/** One frame of the video: its caption key (welcome:demo.steps.<key>) and when it shows. */
export interface DemoStep {
  key: string;
  start: number;
  end: number;
}

/**
 * The frame list the script wrote with the video, so captions follow when the video is
 * re-recorded. null while loading; [] if it cannot be read (the video still plays).
 */
export function useDemoSteps(): DemoStep[] | null {
  const [steps, setSteps] = useState<DemoStep[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(DEMO_FILES.steps, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ steps?: DemoStep[] }>) : { steps: [] }))
      .then((data) => setSteps(Array.isArray(data.steps) ? data.steps : []))
      .catch(() => {
        if (!controller.signal.aborted) setSteps([]);
      });
    return () => controller.abort();
  }, []);
  return steps;
}

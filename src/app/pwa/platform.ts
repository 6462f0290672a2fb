/** What the iOS how-to needs to know about the browser; pure, for tests. */
export interface PlatformInfo {
  userAgent: string;
  maxTouchPoints: number;
  /** Running from the home screen (display-mode standalone or Safari's navigator.standalone). */
  standalone: boolean;
}

/**
 * iOS / iPadOS Safari outside an installed app: no `beforeinstallprompt` there, the learner
 * adds Mnemo through Share → Add to Home Screen. iPadOS presents itself as a Mac with touch.
 */
export function needsIosInstallHowTo({ userAgent, maxTouchPoints, standalone }: PlatformInfo) {
  if (standalone) return false;
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const safari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return ios && safari;
}

/** The current browser's PlatformInfo. */
export function currentPlatform(): PlatformInfo {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone:
      nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}

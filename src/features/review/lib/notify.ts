/**
 * The in-app reminder (issue 8): a notification on start when cards are due, at most once a
 * day, only after the learner turned reminders on and the browser granted permission. Pure
 * decision here; the side effects live in hooks/use-due-notification.ts.
 */

export type Permission = 'granted' | 'denied' | 'default' | 'unsupported';

export interface NotifyFacts {
  permission: Permission;
  /** The learner's reminder setting (null while unknown: not fetched, or offline). */
  enabled: boolean | null;
  due: number | null;
  /** The local day a notification was last shown on this device (localStorage). */
  lastShownDay: string | null;
  today: string;
}

export function shouldNotify(f: NotifyFacts): boolean {
  return (
    f.permission === 'granted' &&
    f.enabled === true &&
    f.due !== null &&
    f.due > 0 &&
    f.lastShownDay !== f.today
  );
}

/** The device's local day, YYYY-MM-DD. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** localStorage key of the day the reminder was last shown for this account. */
export const notifiedKey = (userId: string) => `mnemo-review-notified:${userId}`;

/** What the browser says about notifications. */
export function notificationPermission(): Permission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** True in the installed app (display-mode standalone, or iOS's home-screen flag). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import i18n from '../../../i18n';
import { paths } from '../../../config/paths';
import { getReminders } from '../api/reminders';
import { localDay, notificationPermission, notifiedKey, shouldNotify } from '../lib/notify';

/** The reminder setting as last read or saved in this tab (null: not known yet). */
let knownEnabled: boolean | null = null;
const changed = new Set<() => void>();

/** The setting was read or saved (and permission may just have been granted): check again. */
export const rememberReminders = (enabled: boolean) => {
  knownEnabled = enabled;
  changed.forEach((fn) => fn());
};

async function reminderEnabled(signal: AbortSignal): Promise<boolean | null> {
  if (knownEnabled !== null) return knownEnabled;
  if (navigator.onLine === false) return null;
  try {
    knownEnabled = (await getReminders(signal)).enabled;
  } catch {
    return null;
  }
  return knownEnabled;
}

/**
 * Shows "n cards due" as a system notification. The page's own Notification first (its click
 * brings this tab to /review); where pages may not construct one (Android), the service
 * worker's.
 */
async function show(count: number, onClick: () => void): Promise<void> {
  await i18n.loadNamespaces('review');
  const title = i18n.t('review:reminders.notificationTitle');
  const options: NotificationOptions = {
    body: i18n.t('review:reminders.notificationBody', { count }),
    icon: '/icons/icon-192.png',
    tag: 'mnemo-review-due',
    data: { url: paths.review },
  };
  try {
    const n = new Notification(title, options);
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch {
    const registration = await navigator.serviceWorker?.ready;
    await registration?.showNotification(title, options);
  }
}

/**
 * The in-app reminder: when cards are due, the learner turned reminders on and the browser
 * allows notifications, one notification a day on this device — on start (the installed app
 * or a tab), or as soon as permission is granted. The day is remembered in localStorage.
 */
export function useDueNotification(userId: string, due: number | null): void {
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((n) => n + 1);
    changed.add(bump);
    return () => {
      changed.delete(bump);
    };
  }, []);
  useEffect(() => {
    if (due === null || due <= 0 || notificationPermission() !== 'granted') return;
    const key = notifiedKey(userId);
    const today = localDay();
    if (localStorage.getItem(key) === today) return;
    const controller = new AbortController();
    void (async () => {
      const enabled = await reminderEnabled(controller.signal);
      if (controller.signal.aborted) return;
      const facts = {
        permission: notificationPermission(),
        enabled,
        due,
        lastShownDay: localStorage.getItem(key),
        today,
      };
      if (!shouldNotify(facts)) return;
      localStorage.setItem(key, today);
      await show(due, () => navigate(paths.review)).catch(() => undefined);
    })();
    return () => controller.abort();
  }, [userId, due, navigate, version]);
}

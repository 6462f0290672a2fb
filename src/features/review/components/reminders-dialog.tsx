import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { useOnline } from '../../../lib/offline/use-online';
import { getReminders, saveReminders } from '../api/reminders';
import type { Reminders } from '../api/types';
import { rememberReminders } from '../hooks/use-due-notification';
import { hourLabel } from '../lib/format';
import { notificationPermission, type Permission } from '../lib/notify';
import './reminders-dialog.css';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * The reminder setting (user menu → "學習提醒"): on/off and the local hour of the daily e-mail.
 * Turning it on is the moment the browser is asked for notification permission — never before.
 * Saved through the API with this device's UTC offset; offline it says a connection is needed,
 * and a failed save keeps what the learner chose on screen.
 */
export default function RemindersDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('review');
  const online = useOnline();
  const [loaded, setLoaded] = useState<Reminders | 'error' | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [hour, setHour] = useState(19);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [permission, setPermission] = useState<Permission>(notificationPermission);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    getReminders(controller.signal).then(
      (r) => {
        if (controller.signal.aborted) return;
        setLoaded(r);
        setEnabled(r.enabled);
        setHour(r.hour);
        rememberReminders(r.enabled);
      },
      () => {
        if (!controller.signal.aborted) setLoaded('error');
      },
    );
    return () => controller.abort();
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setMessage(null);
    // Asked only here, in the click that turns reminders on (browsers want a user gesture).
    let asked: Promise<unknown> = Promise.resolve();
    if (enabled && permission === 'default') {
      asked = Notification.requestPermission().then(
        (p) => setPermission(p),
        () => undefined,
      );
    }
    setSaving(true);
    try {
      const saved = await saveReminders(enabled, hour);
      await asked;
      rememberReminders(saved.enabled);
      toast.success(t('reminders.saved'));
      onOpenChange(false);
    } catch (err) {
      setMessage(
        isNetworkError(err)
          ? t('reminders.offline')
          : t('reminders.saveFailed', {
              message:
                err instanceof ApiError && err.message ? err.message : t('page.loadFailedBody'),
            }),
      );
    } finally {
      setSaving(false);
    }
  };

  const notifyNote =
    permission === 'unsupported'
      ? t('reminders.notifyUnsupported')
      : permission === 'denied'
        ? t('reminders.notifyDenied')
        : permission === 'granted'
          ? t('reminders.notifyGranted')
          : t('reminders.notifyAsk');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title={t('reminders.title')}
        description={t('reminders.description')}
      >
        {loaded === null ? (
          <Spinner label={t('reminders.loading')} />
        ) : loaded === 'error' ? (
          <p className="reminders__problem" role="alert">
            {online ? t('reminders.loadFailed') : t('reminders.offline')}
          </p>
        ) : (
          <form className="reminders" noValidate onSubmit={(e) => void submit(e)}>
            <CheckboxField
              label={t('reminders.enabled')}
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            <SelectField
              label={t('reminders.hour')}
              value={String(hour)}
              disabled={!enabled}
              onChange={(e) => setHour(Number(e.target.value))}
              options={HOURS.map((h) => ({ value: String(h), label: hourLabel(h, i18n.language) }))}
            />
            <p className="reminders__note">{t('reminders.emailNote')}</p>
            <p className="reminders__note">{notifyNote}</p>
            {!online && (
              <p className="reminders__note reminders__note--warn">{t('reminders.offline')}</p>
            )}
            <div aria-live="polite">
              {message && (
                <p className="reminders__problem" role="alert">
                  {message}
                </p>
              )}
            </div>
            <div className="confirm-actions">
              <DialogClose asChild>
                <Button variant="secondary">{t('common:common.cancel')}</Button>
              </DialogClose>
              <Button type="submit" loading={saving} disabled={!online}>
                {t('reminders.save')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

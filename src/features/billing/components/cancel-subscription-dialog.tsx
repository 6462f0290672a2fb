import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';

/** "Cancel at period end" behind a confirmation that says until when Premium lasts. */
export function CancelSubscriptionDialog({
  endDate,
  busy,
  onConfirm,
}: {
  endDate: string;
  busy: boolean;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation('billing');
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    await onConfirm();
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="secondary" loading={busy}>
          {t('demo.cancelAtEnd')}
        </Button>
      </DialogTrigger>
      <DialogContent
        size="sm"
        title={t('demo.cancelConfirmTitle')}
        description={t('demo.cancelConfirmBody', { date: endDate })}
      >
        <div className="demo-portal__dialog-actions">
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              {t('demo.keep')}
            </Button>
          </DialogClose>
          <Button variant="danger" loading={busy} onClick={confirm}>
            {t('demo.cancelConfirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

/** Finishing with questions left unanswered: submit anyway, or go back to the first of them. */
export function QuestionConfirmDialog({
  open,
  onOpenChange,
  unanswered,
  onSubmit,
  onReview,
  unscored = false,
}: {
  /** Unscored practice (an exam paper without key): nothing "counts as wrong". */
  unscored?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unanswered: number;
  onSubmit: () => void;
  onReview: () => void;
}) {
  const { t } = useTranslation('quiz');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title={t('take.confirmTitle')}
        description={t(unscored ? 'take.confirmBodyUnscored' : 'take.confirmBody', {
          count: unanswered,
        })}
      >
        <div className="confirm-actions">
          <Button variant="secondary" onClick={onReview}>
            {t('take.confirmReview')}
          </Button>
          <Button onClick={onSubmit}>{t('take.confirmSubmit')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

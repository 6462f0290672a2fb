import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { useOnline } from '../../../lib/offline/use-online';
import { paths } from '../../../config/paths';
import { EXPORT_FORMATS, exportReport, type ExportFormat } from '../api/export-report';
import { DownloadIcon } from './quiz-icons';

const LONG_TOAST_MS = 5000;

/**
 * Export as PDF or CSV. Premium downloads the file; a free account is told it is a premium
 * feature (with the way to upgrade) instead. The server writes the file, so offline the buttons
 * are disabled and say why up front (the report itself still shows from the device).
 */
export function ResultsExport({ quizId, premium }: { quizId: string; premium: boolean }) {
  const { t } = useTranslation('quiz');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [upsell, setUpsell] = useState(false);
  const online = useOnline();
  const offlineId = useId();

  const run = async (format: ExportFormat) => {
    if (!premium) {
      setUpsell(true);
      return;
    }
    setBusy(format);
    try {
      await exportReport(quizId, format);
      toast.success(t('results.export.done'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PREMIUM_REQUIRED') setUpsell(true);
      else if (isNetworkError(err)) toast.error(t('results.export.needsNetwork'), LONG_TOAST_MS);
      else toast.error(t('results.export.failed'), LONG_TOAST_MS);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div
      className="results-export"
      role="group"
      aria-label={t('results.export.label')}
      aria-describedby={online ? undefined : offlineId}
    >
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          loading={busy === format}
          disabled={busy !== null || !online}
          onClick={() => void run(format)}
        >
          {busy !== format && <DownloadIcon />}
          {t(`results.export.${format}`)}
          {!premium && (
            <Badge tone="premium" className="results-export__badge">
              {t('results.export.premiumBadge')}
            </Badge>
          )}
        </Button>
      ))}
      {!online && (
        <p id={offlineId} className="results-export__offline" data-testid="export-offline">
          {t('results.export.needsNetwork')}
        </p>
      )}
      <Dialog open={upsell} onOpenChange={setUpsell}>
        <DialogContent
          size="sm"
          title={t('results.export.premiumTitle')}
          description={t('results.export.premiumOnly')}
        >
          <div className="confirm-actions">
            <DialogClose asChild>
              <Button variant="secondary">{t('results.export.notNow')}</Button>
            </DialogClose>
            <ButtonLink to={paths.subscription}>{t('results.locked.upgrade')}</ButtonLink>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

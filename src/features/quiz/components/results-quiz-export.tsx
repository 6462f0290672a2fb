import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { useOnline } from '../../../lib/offline/use-online';
import { exportQuiz, QUIZ_EXPORT_FORMATS, type QuizExportFormat } from '../api/export-quiz';
import { DownloadIcon } from './quiz-icons';
import './results-quiz-export.css';

const LONG_TOAST_MS = 5000;

/**
 * "Export to other tools": the quiz's questions and keys for Anki (TSV), Moodle (GIFT) or a
 * spreadsheet (CSV), for any account. The file is made by the server, so offline the buttons
 * are disabled and say a connection is needed.
 */
export function ResultsQuizExport({ quizId }: { quizId: string }) {
  const { t } = useTranslation('quiz');
  const online = useOnline();
  const [busy, setBusy] = useState<QuizExportFormat | null>(null);
  const labelId = useId();
  const noteId = useId();

  const run = async (format: QuizExportFormat) => {
    setBusy(format);
    try {
      await exportQuiz(quizId, format);
      toast.success(t('toolExport.done'));
    } catch (err) {
      const message = isNetworkError(err)
        ? t('toolExport.offline')
        : err instanceof ApiError && err.message
          ? t('toolExport.failedWith', { message: err.message })
          : t('toolExport.failed');
      toast.error(message, LONG_TOAST_MS);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="results-export results-quiz-export" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="results-quiz-export__label">
        {t('toolExport.label')}
      </p>
      {QUIZ_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          loading={busy === format}
          disabled={!online || busy !== null}
          aria-describedby={online ? undefined : noteId}
          onClick={() => void run(format)}
        >
          {busy !== format && <DownloadIcon />}
          {t(`toolExport.${format}`)}
        </Button>
      ))}
      {!online && (
        <p id={noteId} className="results-quiz-export__note">
          {t('toolExport.offline')}
        </p>
      )}
    </div>
  );
}

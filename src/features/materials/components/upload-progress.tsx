import { useTranslation } from 'react-i18next';
import type { UploadPhase } from '../hooks/use-upload';

/**
 * Sending: a determinate bar of the bytes sent. Reading: an indeterminate bar while the server
 * extracts the text (OCR of a scan can take tens of seconds).
 */
export function UploadProgress({ phase, progress }: { phase: UploadPhase; progress: number }) {
  const { t } = useTranslation('materials');
  if (phase === 'idle') return null;
  const percent = Math.min(100, Math.max(0, Math.round(progress * 100)));
  const reading = phase === 'reading';
  return (
    <div className="upload-progress">
      <p className="upload-progress__label" id="upload-progress-label">
        {reading ? t('upload.reading') : t('upload.sending', { percent })}
      </p>
      {reading ? (
        <div
          className="upload-progress__track upload-progress__track--indeterminate"
          role="progressbar"
          aria-labelledby="upload-progress-label"
        >
          <span className="upload-progress__bar" />
        </div>
      ) : (
        <div
          className="upload-progress__track"
          role="progressbar"
          aria-label={t('upload.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className="upload-progress__bar" style={{ width: `${percent}%` }} />
        </div>
      )}
      {reading && <p className="upload-progress__hint">{t('upload.readingHint')}</p>}
      {/* One polite announcement per stage, not one per percent. */}
      <p className="visually-hidden" role="status">
        {reading ? t('upload.reading') : t('upload.submitting')}
      </p>
    </div>
  );
}

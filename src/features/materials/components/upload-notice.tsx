import { useTranslation } from 'react-i18next';
import type { UploadNotice } from '../lib/upload-notice';
import { UPLOAD_QUEUE_CAP_BYTES } from '../../../lib/offline/quota';
import { fileLimitMb } from '../lib/upload-rules';
import type { UploadLimits } from '../lib/upload-rules';
import { AlertIcon, CloseIcon, InfoIcon } from './icons';

/**
 * The upload screen's message: errors are alerts (read at once), a cancelled upload is a polite
 * status. Messages other than the 2-second failure can be dismissed.
 */
export function UploadNoticeBanner({
  notice,
  limits,
  onDismiss,
}: {
  notice: UploadNotice;
  /** The limits the files were checked against, named in the messages. */
  limits: UploadLimits;
  onDismiss: () => void;
}) {
  const { t } = useTranslation(['materials', 'offline']);
  const info = notice.kind === 'cancelled';
  let body;
  switch (notice.kind) {
    case 'tooMany':
      body = <p>{t('upload.tooMany', { max: limits.maxFiles })}</p>;
      break;
    case 'rejected':
      body = (
        <ul>
          {notice.items.map((item) => (
            <li key={`${item.name}-${item.reason}`}>
              {t(`upload.rejected.${item.reason}`, { name: item.name, size: fileLimitMb(limits) })}
            </li>
          ))}
        </ul>
      );
      break;
    case 'server':
      body = <p>{notice.text}</p>;
      break;
    case 'storageFull':
      body = <p>{t('offline:upload.storageFull')}</p>;
      break;
    case 'storageCap':
      body = (
        <p>
          {t('offline:upload.storageCap', { mb: Math.round(UPLOAD_QUEUE_CAP_BYTES / 2 ** 20) })}
        </p>
      );
      break;
    default:
      body = <p>{t(`upload.${notice.kind}`)}</p>;
  }
  return (
    <div
      className={info ? 'upload-notice upload-notice--info' : 'upload-notice'}
      role={info ? 'status' : 'alert'}
      data-testid="upload-notice"
    >
      {info ? <InfoIcon /> : <AlertIcon />}
      <div className="upload-notice__body">{body}</div>
      {notice.kind !== 'failed' && (
        <button
          type="button"
          className="upload-notice__close"
          onClick={onDismiss}
          aria-label={t('upload.dismiss')}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

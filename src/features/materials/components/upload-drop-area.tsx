import { useTranslation } from 'react-i18next';
import type { UploadNotice } from '../lib/upload-notice';
import { DropZone } from './drop-zone';
import { UploadIcon } from './icons';
import { UploadFileList } from './upload-file-list';

interface UploadDropAreaProps {
  files: File[];
  maxFiles: number;
  maxFileMb: number;
  busy: boolean;
  notice: UploadNotice | null;
  onFiles: (files: File[]) => void;
  onRemove: (index: number) => void;
  onBrowse: () => void;
}

/** The upload screen's drop zone: an invitation while empty, then the chosen files. */
export function UploadDropArea({
  files,
  maxFiles,
  maxFileMb,
  busy,
  notice,
  onFiles,
  onRemove,
  onBrowse,
}: UploadDropAreaProps) {
  const { t } = useTranslation('materials');
  const count = files.length;
  const hint = (
    <p className="drop-zone__hint">{t('upload.dropHint', { size: maxFileMb, max: maxFiles })}</p>
  );
  return (
    <DropZone onFiles={onFiles} disabled={busy} compact={count > 0}>
      {count === 0 ? (
        <div className="drop-zone__empty">
          <span className="drop-zone__art">
            <UploadIcon size={30} />
          </span>
          <p className="drop-zone__title">
            {t('upload.dropTitle')} <span className="drop-zone__or">{t('upload.dropOr')}</span>{' '}
            <button type="button" className="drop-zone__browse" onClick={onBrowse} disabled={busy}>
              {t('upload.browse')}
            </button>
          </p>
          {hint}
        </div>
      ) : (
        <div className="drop-zone__filled">
          <div className="upload-files__header">
            <p className="upload-files__count">{t('upload.count', { count, max: maxFiles })}</p>
            {count < maxFiles && (
              <button
                type="button"
                className="upload-files__more"
                onClick={onBrowse}
                disabled={busy}
              >
                {t('upload.addMore')}
              </button>
            )}
          </div>
          <UploadFileList
            files={files}
            onRemove={onRemove}
            disabled={busy}
            failedName={notice?.kind === 'server' ? notice.fileName : undefined}
          />
          {hint}
        </div>
      )}
    </DropZone>
  );
}

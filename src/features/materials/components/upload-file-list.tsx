import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { fileKindOf } from '../lib/file-kind';
import { formatFileSize } from '../lib/format';
import { FileName } from './file-name';
import { FileTypeIcon } from './file-type-icon';
import { AlertIcon, CloseIcon } from './icons';
import './upload-file-list.css';

/** The chosen files: type icon, name, size and a remove button each. */
export function UploadFileList({
  files,
  onRemove,
  disabled,
  failedName,
}: {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
  /** The file the server refused, marked until the list changes. */
  failedName?: string;
}) {
  const { t } = useTranslation('materials');
  return (
    <ul className="upload-files" aria-label={t('upload.fileList')}>
      {files.map((file, index) => {
        const kind = fileKindOf(file.name);
        const failed = failedName === file.name;
        return (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}`}
            className={clsx('upload-file', failed && 'upload-file--failed')}
          >
            <FileTypeIcon kind={kind} size={28} />
            <div className="upload-file__text">
              <span className="upload-file__name">
                <FileName name={file.name} />
              </span>
              <span className="upload-file__meta">
                <span className="visually-hidden">{t(`fileKind.${kind}`)}, </span>
                {formatFileSize(file.size)}
              </span>
            </div>
            {failed && (
              <span className="upload-file__alert">
                <AlertIcon />
              </span>
            )}
            <button
              type="button"
              className="upload-file__remove"
              onClick={() => onRemove(index)}
              disabled={disabled}
              aria-label={t('upload.remove', { name: file.name })}
            >
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

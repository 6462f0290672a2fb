import { useId, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { toast } from '../../../components/ui/toast';
import { downloadMaterialFile } from '../api/download-file';
import { fileKindOf } from '../lib/file-kind';
import { formatFileSize } from '../lib/format';
import type { MaterialFile } from '../lib/material';
import { FileName } from './file-name';
import { FileTypeIcon } from './file-type-icon';
import { DownloadIcon } from './icons';
import './material-files.css';

/**
 * The material's files with sizes and download links. With more than one file the rows can be
 * ticked: the extracted text then shows only the ticked files.
 */
export function MaterialFiles({
  files,
  selected,
  onToggle,
}: {
  files: MaterialFile[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation('materials');
  const hintId = useId();
  const selectable = files.length > 1;

  const download = (e: MouseEvent, file: MaterialFile) => {
    e.preventDefault();
    downloadMaterialFile(file.path, file.name).catch(() =>
      toast.error(t('detail.downloadFailed', { name: file.name })),
    );
  };

  return (
    <section className="detail-section files-card" aria-labelledby="files-title">
      <h2 id="files-title" className="detail-section__title">
        {t('detail.filesTitle')}
      </h2>
      {selectable && (
        <p id={hintId} className="files-card__hint">
          {t('detail.filesHint')}
        </p>
      )}
      <ul className="file-rows">
        {files.map((file) => {
          const kind = fileKindOf(file.type || file.name);
          const checked = selected.has(file.id);
          const inputId = `file-${file.id}`;
          const body = (
            <>
              <FileTypeIcon kind={kind} size={28} />
              <span className="file-row__text">
                <span className="file-row__name">
                  <FileName name={file.name} />
                </span>
                <span className="file-row__size">
                  <span className="visually-hidden">{t(`fileKind.${kind}`)}, </span>
                  {formatFileSize(file.size)}
                </span>
              </span>
            </>
          );
          return (
            <li key={file.id} className={clsx('file-row', checked && 'file-row--selected')}>
              {selectable ? (
                <>
                  <input
                    id={inputId}
                    type="checkbox"
                    className="file-row__check"
                    checked={checked}
                    onChange={() => onToggle(file.id)}
                    aria-describedby={hintId}
                  />
                  <label htmlFor={inputId} className="file-row__label">
                    {body}
                  </label>
                </>
              ) : (
                <span className="file-row__label">{body}</span>
              )}
              {file.path && (
                <a
                  href={file.path}
                  className="file-row__download"
                  onClick={(e) => download(e, file)}
                  aria-label={t('detail.downloadFile', { name: file.name })}
                  title={t('detail.download')}
                >
                  <DownloadIcon />
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

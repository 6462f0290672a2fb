import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fileLimitMb } from '../lib/upload-rules';
import { useUpload } from '../hooks/use-upload';
import { useUploadLimits } from '../hooks/use-upload-limits';
import type { Material } from '../lib/material';
import { acceptAttribute } from '../lib/upload-rules';
import { DropZone } from './drop-zone';
import { BackIcon, UploadIcon } from './icons';
import { UploadFileList } from './upload-file-list';
import { UploadNoticeBanner } from './upload-notice';
import { UploadProgress } from './upload-progress';
import { StorageMeter } from './storage-meter';
import './page-common.css';
import './upload.css';

const MAX_TITLE = 300;
const MAX_DESCRIPTION = 5000;

/** /upload-material: choose up to 3 files (the server's limit), name them, send, watch progress (spec 2, Upload). */
export default function UploadPage() {
  const { t } = useTranslation(['materials', 'offline']);
  useDocumentTitle(t('upload.docTitle'));
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const onDone = useCallback(
    (material: Material) => {
      toast.success(t('upload.success'));
      navigate(material.id ? paths.material(material.id) : paths.home);
    },
    [navigate, t],
  );
  // Offline: kept on the device; the list shows it as pending until it is sent.
  const onQueued = useCallback(() => {
    toast.info(t('offline:upload.queued'), 4000);
    navigate(paths.home);
  }, [navigate, t]);
  const limits = useUploadLimits();
  const upload = useUpload(onDone, onQueued, limits);
  const maxFiles = limits.maxFiles;
  const maxFileMb = fileLimitMb(limits);
  const accept = acceptAttribute(limits.extensions);
  const busy = upload.phase !== 'idle';
  const count = upload.files.length;

  // Leaving mid-upload loses it: let the browser ask first.
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const addFiles = (files: File[]) => {
    const added = upload.add(files);
    setAnnouncement(added ? t('upload.added', { count: added }) : '');
  };
  const removeFile = (index: number) => {
    const name = upload.files[index]?.name ?? '';
    upload.remove(index);
    setAnnouncement(t('upload.removed', { name }));
  };
  const browse = () => input.current?.click();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void upload.submit(title, description, t('upload.unnamed'));
  };

  const browseButton = (
    <button type="button" className="drop-zone__browse" onClick={browse} disabled={busy}>
      {t('upload.browse')}
    </button>
  );

  return (
    <div className="page upload-page">
      <ButtonLink to={paths.home} variant="ghost" size="sm" className="back-link">
        <BackIcon />
        {t('upload.back')}
      </ButtonLink>
      <h1 className="upload-page__title">{t('upload.title')}</h1>
      <p className="upload-page__lead">{t('upload.lead')}</p>

      <form className="upload-card" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <DropZone onFiles={addFiles} disabled={busy} compact={count > 0}>
          {count === 0 ? (
            <div className="drop-zone__empty">
              <span className="drop-zone__art">
                <UploadIcon size={30} />
              </span>
              <p className="drop-zone__title">
                {t('upload.dropTitle')} <span className="drop-zone__or">{t('upload.dropOr')}</span>{' '}
                {browseButton}
              </p>
              <p className="drop-zone__hint">
                {t('upload.dropHint', { size: maxFileMb, max: maxFiles })}
              </p>
            </div>
          ) : (
            <div className="drop-zone__filled">
              <div className="upload-files__header">
                <p className="upload-files__count">{t('upload.count', { count, max: maxFiles })}</p>
                {count < maxFiles && (
                  <button
                    type="button"
                    className="upload-files__more"
                    onClick={browse}
                    disabled={busy}
                  >
                    {t('upload.addMore')}
                  </button>
                )}
              </div>
              <UploadFileList
                files={upload.files}
                onRemove={removeFile}
                disabled={busy}
                failedName={upload.notice?.kind === 'server' ? upload.notice.fileName : undefined}
              />
              <p className="drop-zone__hint">
                {t('upload.dropHint', { size: maxFileMb, max: maxFiles })}
              </p>
            </div>
          )}
        </DropZone>
        <input
          ref={input}
          type="file"
          multiple
          accept={accept}
          hidden
          tabIndex={-1}
          onChange={(e) => {
            addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {upload.notice && (
          <UploadNoticeBanner notice={upload.notice} limits={limits} onDismiss={upload.dismiss} />
        )}

        <TextField
          label={t('upload.nameLabel')}
          hint={t('upload.nameHint')}
          placeholder={t('upload.namePlaceholder')}
          value={title}
          maxLength={MAX_TITLE}
          readOnly={busy}
          onChange={(e) => setTitle(e.target.value)}
          autoComplete="off"
        />
        <TextAreaField
          label={
            <>
              {t('upload.descriptionLabel')}{' '}
              <span className="field__optional">{t('common.optional', { ns: 'common' })}</span>
            </>
          }
          placeholder={t('upload.descriptionPlaceholder')}
          value={description}
          maxLength={MAX_DESCRIPTION}
          readOnly={busy}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
        />

        <UploadProgress phase={upload.phase} progress={upload.progress} />
        <StorageMeter refresh={upload.notice ? 1 : 0} />

        <div className="upload-card__actions">
          <Button type="submit" size="lg" loading={busy} disabled={count === 0}>
            {busy ? t('upload.submitting') : t('upload.submit')}
          </Button>
          {busy && (
            <Button variant="secondary" size="lg" onClick={upload.cancel}>
              {t('upload.cancel')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

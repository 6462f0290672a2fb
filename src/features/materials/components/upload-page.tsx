import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { acceptAttribute, fileLimitMb } from '../lib/upload-rules';
import { useFilePicker } from '../hooks/use-file-picker';
import { useUploadForm } from '../hooks/use-upload-form';
import { BackIcon } from './icons';
import { UploadDropArea } from './upload-drop-area';
import { UploadFields } from './upload-fields';
import { UploadNoticeBanner } from './upload-notice';
import { UploadProgress } from './upload-progress';
import { StorageMeter } from './storage-meter';
import './page-common.css';
import './upload.css';

/** /upload-material: choose up to 3 files (the server's limit), name them, send, watch progress (spec 2, Upload). */
export default function UploadPage() {
  const { t } = useTranslation(['materials', 'offline']);
  useDocumentTitle(t('upload.docTitle'));
  const form = useUploadForm();
  const { upload, limits, busy } = form;
  const { input, announcement, addFiles, removeFile, browse } = useFilePicker(
    upload.files,
    upload.add,
    upload.remove,
  );

  return (
    <div className="page upload-page">
      <ButtonLink to={paths.home} variant="ghost" size="sm" className="back-link">
        <BackIcon />
        {t('upload.back')}
      </ButtonLink>
      <h1 className="upload-page__title">{t('upload.title')}</h1>
      <p className="upload-page__lead">{t('upload.lead')}</p>

      <form
        className="upload-card"
        onSubmit={form.onSubmit}
        noValidate
        aria-busy={busy || undefined}
      >
        <UploadDropArea
          files={upload.files}
          maxFiles={limits.maxFiles}
          maxFileMb={fileLimitMb(limits)}
          busy={busy}
          notice={upload.notice}
          onFiles={addFiles}
          onRemove={removeFile}
          onBrowse={browse}
        />
        <input
          ref={input}
          type="file"
          multiple
          accept={acceptAttribute(limits.extensions)}
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

        <UploadFields
          title={form.title}
          description={form.description}
          busy={busy}
          onTitle={form.setTitle}
          onDescription={form.setDescription}
        />

        <UploadProgress phase={upload.phase} progress={upload.progress} />
        <StorageMeter refresh={upload.notice ? 1 : 0} />

        <div className="upload-card__actions">
          <Button type="submit" size="lg" loading={busy} disabled={upload.files.length === 0}>
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

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { apiErrorText } from '../../../lib/api-error-text';
import type { OutboxRow } from '../../../db';
import { fileKindOf } from '../lib/file-kind';
import { FileName } from './file-name';
import { FileTypeIcon } from './file-type-icon';
import { AlertIcon, PendingIcon } from './icons';

/**
 * An upload made offline, in the list until it is sent; then the real material takes its place.
 * A refused one says why and links to the outbox panel (retry or discard).
 */
export function PendingUploadCard({ item }: { item: OutboxRow }) {
  const { t } = useTranslation(['materials', 'offline']);
  const names = item.subject.fileNames ?? [];
  const failed = item.status === 'failed';
  const kind = fileKindOf(names[0]);
  return (
    <article className="material-card material-card--pending" data-testid="pending-upload">
      <div className="material-card__top">
        <span className="material-card__icon">
          <FileTypeIcon kind={kind} size={36} />
          <span className="visually-hidden">{t(`fileKind.${kind}`)}</span>
        </span>
        <Badge tone={failed ? 'danger' : 'warning'}>
          {failed ? <AlertIcon /> : <PendingIcon />}
          {failed ? t('offline:upload.failedTitle') : t('offline:upload.pendingTitle')}
        </Badge>
      </div>
      <h2 className="material-card__title">
        <FileName name={item.subject.title || t('card.untitled')} />
      </h2>
      <p className="material-card__description">
        {failed && item.lastError
          ? t('offline:outbox.serverSaid', {
              message: apiErrorText(item.lastError),
            })
          : t('offline:upload.pendingBody')}
      </p>
      <div className="material-card__meta">
        <span>{t('offline:upload.files', { count: names.length })}</span>
        <Link to={paths.outbox} className="material-card__outbox">
          {t('offline:saved.openOutbox')}
        </Link>
      </div>
    </article>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { fileKindOf } from '../lib/file-kind';
import { formatDate } from '../lib/format';
import { cardScore, type Material } from '../lib/material';
import { FileName } from './file-name';
import { FileTypeIcon } from './file-type-icon';
import { OfflineMark } from './offline-mark';
import { ScoreBadge } from './score-badge';

/**
 * One material in the grid. The title is the link; it stretches over the whole card so the card
 * is one big target, while screen readers hear only the title as the link's name. `offline`:
 * its quizzes are on the device.
 */
export function MaterialCard({
  material,
  offline = false,
}: {
  material: Material;
  offline?: boolean;
}) {
  const { t } = useTranslation('materials');
  const kind = fileKindOf(material.type || material.files[0]?.type);
  const fileCount = material.files.length;
  const score = cardScore(material);
  const date = formatDate(material.createdAt);
  return (
    <article className="material-card">
      <div className="material-card__top">
        <span className="material-card__icon">
          <FileTypeIcon kind={kind} size={36} />
          <span className="visually-hidden">{t(`fileKind.${kind}`)}</span>
        </span>
        <div className="material-card__marks">
          {offline && <OfflineMark />}
          {fileCount > 1 && (
            <Badge tone="brand" className="material-card__files" data-testid="file-count">
              {t('card.files', { count: fileCount })}
            </Badge>
          )}
        </div>
      </div>
      <h2 className="material-card__title">
        <Link to={paths.material(material.id)} className="material-card__link">
          <FileName name={material.title || material.name || t('card.untitled')} />
        </Link>
      </h2>
      {material.description && <p className="material-card__description">{material.description}</p>}
      <dl className="material-card__meta">
        {date && (
          <div>
            <dt className="visually-hidden">{t('card.uploaded')}</dt>
            <dd>
              <time dateTime={material.createdAt}>{date}</time>
            </dd>
          </div>
        )}
        <div>
          <dt className="visually-hidden">{t('detail.quizzes')}</dt>
          <dd>{t('card.quizzes', { count: material.quizCount })}</dd>
        </div>
        {score !== null && (
          <div className="material-card__score">
            <dt>{t('card.lastScore')}</dt>
            <dd>
              <ScoreBadge score={score} />
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}

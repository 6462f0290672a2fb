import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { useMaterial } from '../api/get-material';
import { updateMaterial } from '../api/update-material';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOfflineData } from '../hooks/use-offline-data';
import { isNetworkError } from '../../../lib/offline/network';
import { formatDate } from '../lib/format';
import type { Material } from '../lib/material';
import { DeleteMaterialDialog } from './delete-material-dialog';
import { EditableTitle } from './editable-title';
import { ExamRecognition } from './exam-recognition';
import { ExtractedTextPanel } from './extracted-text-panel';
import { GenerateQuizButton } from './generate-quiz-button';
import { BackIcon } from './icons';
import { MaterialFiles } from './material-files';
import { QuizHistory } from './quiz-history';
import './page-common.css';
import './material-detail.css';

/** /materials/{id}: title, facts, files, extracted text and quiz history (spec 2, Material detail). */
export default function MaterialDetailPage() {
  // The offline namespace comes with the page: its quiz cards need it, maybe with no network later.
  const { t } = useTranslation(['materials', 'offline']);
  const { materialId = '' } = useParams();
  const material = useMaterial(materialId);
  useDocumentTitle(
    material.status === 'ready'
      ? material.data.title
      : material.status === 'error'
        ? t('detail.notFound')
        : '',
  );

  if (material.status === 'loading') return <PageSpinner label={t('detail.loading')} />;
  if (material.status === 'error') {
    const missing = material.error instanceof ApiError && material.error.status === 404;
    return (
      <div className="page page--narrow detail-problem">
        <div className="card">
          {missing ? (
            <>
              <h1 className="detail-problem__title">{t('detail.notFound')}</h1>
              <p>{t('detail.notFoundBody')}</p>
            </>
          ) : (
            <>
              <h1 className="detail-problem__title" role="alert">
                {t('detail.loadFailed')}
              </h1>
              {isNetworkError(material.error) && <p>{t('offline:load.offline')}</p>}
            </>
          )}
          <div className="detail-problem__actions">
            <ButtonLink to={paths.home} variant={missing ? 'primary' : 'secondary'}>
              <BackIcon />
              {t('detail.back')}
            </ButtonLink>
            {!missing && <Button onClick={material.reload}>{t('detail.retry')}</Button>}
          </div>
        </div>
      </div>
    );
  }
  return <MaterialDetail material={material.data} onChange={material.setData} />;
}

function MaterialDetail({
  material,
  onChange,
}: {
  material: Material;
  onChange: (next: Material) => void;
}) {
  const { t } = useTranslation('materials');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const offline = useOfflineData();

  const saveTitle = (title: string) => {
    const before = material;
    onChange({ ...material, title, name: title });
    updateMaterial(before, { title, description: before.description }).then(
      (saved) => {
        onChange(saved);
        toast.success(t('detail.titleSaved'));
      },
      () => {
        onChange(before);
        toast.error(t('detail.titleFailed'));
      },
    );
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const quizCount = Math.max(material.quizCount, material.quizzes.length);
  return (
    <div className="page material-detail">
      <ButtonLink to={paths.home} variant="ghost" size="sm" className="back-link">
        <BackIcon />
        {t('detail.back')}
      </ButtonLink>

      <header className="detail-header">
        <EditableTitle title={material.title || t('card.untitled')} onSave={saveTitle} />
        <p className={material.description ? 'detail-header__description' : 'detail-header__none'}>
          {material.description || t('detail.noDescription')}
        </p>
        <dl className="detail-facts">
          <div>
            <dt>{t('detail.uploaded')}</dt>
            <dd>
              <time dateTime={material.createdAt}>{formatDate(material.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('detail.files')}</dt>
            <dd>{material.files.length}</dd>
          </div>
          <div>
            <dt>{t('detail.quizzes')}</dt>
            <dd>{quizCount}</dd>
          </div>
        </dl>
        {material.exam && <ExamRecognition exam={material.exam} materialId={material.id} />}
        <div className="detail-actions">
          <GenerateQuizButton materialId={material.id} />
          <ButtonLink to={paths.materialFlashcards(material.id)} variant="secondary">
            {t('detail.flashcards')}
          </ButtonLink>
          <DeleteMaterialDialog material={material} />
        </div>
      </header>

      <div className="detail-layout">
        <QuizHistory
          materialId={material.id}
          quizzes={material.quizzes}
          storedQuizIds={offline.storedQuizIds}
          pendingScores={offline.pendingScores}
          pendingGenerations={offline.pendingGenerations.filter(
            (i) => i.subject.materialId === material.id,
          )}
        />
        <MaterialFiles files={material.files} selected={selected} onToggle={toggle} />
        <ExtractedTextPanel materialId={material.id} selected={selected} />
      </div>
    </div>
  );
}

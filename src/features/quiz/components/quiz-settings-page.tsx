import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/ui/toast';
import { useAuthStore } from '../../../stores/auth-store';
import { useFreeQuota } from '../hooks/settings-free-quota';
import { useQuizMaterial } from '../api/get-quiz-material';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BackIcon } from './settings-icons';
import { LIMIT_TOAST_MS, SettingsQuizForm } from './settings-quiz-form';
import './settings-page.css';

/** /materials/{id}/quiz/new: the quiz settings of one material (spec §2 "Quiz settings"). */
export default function QuizSettingsPage() {
  const { t } = useTranslation('quiz-setup');
  const { materialId = '' } = useParams();
  const { state, reload } = useQuizMaterial(materialId);
  const refreshProfile = useAuthStore((s) => s.refreshProfile);
  useDocumentTitle(t('settings.docTitle'));
  const quota = useFreeQuota();
  const navigate = useNavigate();

  // Spec §2: a free learner at the limit is sent to the material detail with the limit message
  // (its generate button is disabled there, with the same reason and a way to upgrade).
  useEffect(() => {
    if (!quota.reached) return;
    toast.error(t('settings.limitReached'), LIMIT_TOAST_MS);
    navigate(paths.material(materialId), { replace: true });
  }, [quota.reached, materialId, navigate, t]);

  // The usage count may have changed in another tab (at most one profile read per 5 s).
  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);

  if (state.status === 'loading') return <PageSpinner label={t('settings.loading')} />;
  if (state.status === 'error') {
    const missing = state.error instanceof ApiError && state.error.status === 404;
    return (
      <div className="page page--narrow settings-problem">
        <div className="card">
          <h1 className="settings-problem__title" role={missing ? undefined : 'alert'}>
            {missing ? t('settings.notFound') : t('settings.loadFailed')}
          </h1>
          <div className="settings-problem__actions">
            {missing ? (
              <ButtonLink to={paths.home}>
                <BackIcon />
                {t('settings.backToList')}
              </ButtonLink>
            ) : (
              <>
                <Button onClick={reload}>{t('settings.retry')}</Button>
                <ButtonLink to={paths.material(materialId)} variant="secondary">
                  <BackIcon />
                  {t('settings.back')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </div>
    );
  }

  const material = { ...state.material, name: state.material.name || t('settings.untitled') };
  return (
    <div className="page settings-page">
      <ButtonLink
        to={paths.material(material.id)}
        variant="ghost"
        size="sm"
        className="setup-back-link"
      >
        <BackIcon />
        {t('settings.back')}
      </ButtonLink>
      <header className="settings-page__header">
        <h1 className="settings-page__title">{t('settings.title')}</h1>
        <p className="settings-page__lead">{t('settings.lead', { name: material.name })}</p>
      </header>
      <SettingsQuizForm key={material.id} material={material} />
    </div>
  );
}

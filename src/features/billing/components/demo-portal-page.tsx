import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { changeDemoSubscription, getDemoPortal, type DemoPortal } from '../api/demo-portal';
import { useResource } from '../../../lib/use-resource';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { formatDay } from '../lib/price';
import { AlertIcon, BackIcon, CheckIcon } from './billing-icons';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { DemoBanner } from './demo-banner';
import { SubscriptionFacts } from './subscription-facts';
import './billing.css';
import './demo-portal.css';

/** /demo/portal/:portalId: the demo provider's customer portal — cancel at period end, resume. */
export default function DemoPortalPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('demo.portalDocTitle'));
  const { portalId = '' } = useParams();
  const portal = useResource(portalId, (signal) => getDemoPortal(portalId, signal));

  if (portal.status === 'loading') return <PageSpinner label={t('demo.portalLoading')} />;
  if (portal.status === 'error') {
    const missing = portal.error instanceof ApiError && portal.error.status === 404;
    return (
      <div className="page page--narrow billing-problem">
        <h1 className="billing-problem__title">{t('demo.portalTitle')}</h1>
        <div className="card">
          <p className="billing-problem__text" role="alert">
            <AlertIcon size={22} />
            <span>{missing ? t('demo.portalNotFound') : t('demo.loadFailed')}</span>
          </p>
          <div className="billing-problem__actions">
            {!missing && <Button onClick={portal.reload}>{t('subscription.reload')}</Button>}
            <ButtonLink to={paths.subscription} variant={missing ? 'primary' : 'secondary'}>
              {t('demo.returnToMnemo')}
            </ButtonLink>
          </div>
        </div>
      </div>
    );
  }
  return <Portal portalId={portalId} portal={portal.data} onChange={portal.setData} />;
}

function Portal({
  portalId,
  portal,
  onChange,
}: {
  portalId: string;
  portal: DemoPortal;
  onChange: (next: DemoPortal) => void;
}) {
  const { t } = useTranslation('billing');
  const [busy, setBusy] = useState<'cancel' | 'resume' | null>(null);
  const [done, setDone] = useState<'cancel' | 'resume' | null>(null);
  const [failed, setFailed] = useState(false);
  const sub = portal.subscription;
  const end = formatDay(sub?.currentPeriodEnd);

  const change = async (action: 'cancel' | 'resume') => {
    setBusy(action);
    setFailed(false);
    setDone(null);
    try {
      const next = await changeDemoSubscription(portalId, action);
      onChange({ ...portal, subscription: next ?? sub });
      setDone(action);
      // Premium lasts until the period ends either way; keep the header in step regardless.
      void useAuthStore.getState().refreshProfile(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page demo-portal">
      <ButtonLink to={paths.subscription} variant="ghost" size="sm" className="billing-back">
        <BackIcon />
        {t('demo.returnToMnemo')}
      </ButtonLink>
      <DemoBanner title={t('demo.portalBannerTitle')} body={t('demo.portalBannerBody')} />
      <h1 className="billing-header__title">{t('demo.portalTitle')}</h1>

      <section className="card demo-portal__card" aria-labelledby="demo-portal-plan">
        <h2 id="demo-portal-plan" className="demo-portal__heading">
          {t('current.title')}
        </h2>
        {sub ? (
          <>
            <SubscriptionFacts subscription={sub} />
            <div aria-live="polite">
              {done && (
                <p className="demo-portal__done">
                  <CheckIcon size={18} />
                  <span>
                    {done === 'cancel' ? t('demo.cancelled', { date: end }) : t('demo.resumed')}
                  </span>
                </p>
              )}
            </div>
            {failed && (
              <p className="billing-error" role="alert">
                <AlertIcon size={18} />
                <span>{t('demo.changeFailed')}</span>
              </p>
            )}
            <div className="demo-portal__actions">
              {sub.cancelAtPeriodEnd ? (
                <Button onClick={() => change('resume')} loading={busy === 'resume'}>
                  {t('demo.resume')}
                </Button>
              ) : (
                <CancelSubscriptionDialog
                  endDate={end}
                  busy={busy === 'cancel'}
                  onConfirm={() => change('cancel')}
                />
              )}
              <ButtonLink to={paths.subscription} variant="secondary">
                {t('demo.returnToMnemo')}
              </ButtonLink>
            </div>
          </>
        ) : (
          <p>{t('demo.noSubscription')}</p>
        )}
      </section>
    </div>
  );
}

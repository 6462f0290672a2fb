import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { getDemoCheckout, type DemoCheckoutSession } from '../api/get-demo-checkout';
import { useResource } from '../../../lib/use-resource';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { formatPrice, localName } from '../lib/price';
import { AlertIcon } from './billing-icons';
import { CardForm } from './card-form';
import { DemoBanner } from './demo-banner';
import './billing.css';
import './demo-checkout.css';

/**
 * /demo/checkout/:sessionId: Mnemo's own hosted checkout, used when Stripe is not configured.
 * Says it is a demo; shows what is bought; takes a test card.
 */
export default function DemoCheckoutPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('demo.docTitle'));
  const { sessionId = '' } = useParams();
  const session = useResource(sessionId, (signal) => getDemoCheckout(sessionId, signal));

  if (session.status === 'loading') return <PageSpinner label={t('demo.loading')} />;
  if (session.status === 'error') {
    const missing = session.error instanceof ApiError && session.error.status === 404;
    return (
      <div className="page page--narrow billing-problem">
        <h1 className="billing-problem__title">{t('demo.checkoutTitle')}</h1>
        <div className="card">
          <p className="billing-problem__text" role="alert">
            <AlertIcon size={22} />
            <span>{missing ? t('demo.notFound') : t('demo.loadFailed')}</span>
          </p>
          <div className="billing-problem__actions">
            {!missing && <Button onClick={session.reload}>{t('subscription.reload')}</Button>}
            <ButtonLink to={paths.subscription} variant={missing ? 'primary' : 'secondary'}>
              {t('demo.backToPlans')}
            </ButtonLink>
          </div>
        </div>
      </div>
    );
  }
  return <DemoCheckout session={session.data} />;
}

function DemoCheckout({ session }: { session: DemoCheckoutSession }) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.resolvedLanguage ?? 'zh-TW';
  const amount = formatPrice(session.amount, session.currency, lang);
  const name = localName({ name: session.planName, nameEn: session.planNameEn }, lang);
  const period = session.periodType === 'year' ? 'year' : 'month';

  return (
    <div className="page demo-checkout">
      <DemoBanner title={t('demo.bannerTitle')} body={t('demo.bannerBody')} />
      <h1 className="billing-header__title demo-checkout__title">{t('demo.checkoutTitle')}</h1>
      <div className="demo-checkout__layout">
        <section className="card order-summary" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" className="order-summary__title">
            {t('demo.summary')}
          </h2>
          <dl className="order-summary__facts">
            <div>
              <dt>{t('demo.plan')}</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>{t('demo.period')}</dt>
              <dd>{t(`period.${period}`)}</dd>
            </div>
            {session.email && (
              <div>
                <dt>{t('demo.account')}</dt>
                <dd className="order-summary__email">{session.email}</dd>
              </div>
            )}
            <div className="order-summary__total">
              <dt>{t('demo.dueToday')}</dt>
              <dd>{amount}</dd>
            </div>
          </dl>
          <p className="order-summary__renews">
            {period === 'month' ? t('demo.renewsMonth') : t('demo.renewsYear')}
          </p>
        </section>

        <div className="demo-checkout__pay">
          {session.status === 'open' ? (
            <CardForm sessionId={session.id} amount={amount} />
          ) : (
            <div className="card demo-checkout__closed">
              <p role="status">
                {session.status === 'complete' ? t('demo.complete') : t('demo.expired')}
              </p>
              {session.status === 'complete' && session.successUrl ? (
                <Button onClick={() => window.location.assign(session.successUrl)}>
                  {t('demo.continue')}
                </Button>
              ) : (
                <ButtonLink to={paths.subscription}>{t('demo.backToPlans')}</ButtonLink>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

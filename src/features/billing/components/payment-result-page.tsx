import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Spinner } from '../../../components/ui/spinner';
import { loginRedirect, paths } from '../../../config/paths';
import { useCountdown } from '../hooks/use-countdown';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePaymentOutcome } from '../hooks/use-payment-outcome';
import { PAYMENT_REDIRECT_MS } from '../lib/constants';
import { readPaymentQuery } from '../lib/payment-outcome';
import { AlertIcon, CheckIcon } from './billing-icons';
import './billing.css';
import './payment-result.css';

/**
 * /payment/result: processing (spinner, polling), success or failed with the spec's reason;
 * once settled, a visible 5 s countdown to / that the learner can stop (spec 2, 4, 8, 9).
 */
export default function PaymentResultPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('result.docTitle'));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const query = useMemo(() => readPaymentQuery(params), [params]);
  const outcome = usePaymentOutcome(query);
  const [stayed, setStayed] = useState(false);
  const settled = outcome.view !== 'processing';
  const left = useCountdown(settled && !stayed, PAYMENT_REDIRECT_MS, () =>
    navigate(paths.home, { replace: true }),
  );

  if (outcome.view === 'processing') {
    return (
      <div className="page page--narrow payment-result">
        <div className="card payment-result__card">
          <Spinner size="lg" decorative />
          <div role="status">
            <h1 className="payment-result__title">{t('result.processingTitle')}</h1>
            <p className="payment-result__body">{t('result.processingBody')}</p>
          </div>
        </div>
      </div>
    );
  }

  const success = outcome.view === 'success';
  const reason = outcome.view === 'failed' ? outcome.reason : null;
  // Unverified is not failed: the payment may well have gone through.
  const uncertain = reason === 'verifyFailed' || reason === 'notSignedIn';
  return (
    <div className="page page--narrow payment-result">
      <div
        className={`card payment-result__card payment-result__card--${success ? 'success' : 'failed'}`}
      >
        <span className="payment-result__icon">
          {success ? <CheckIcon size={36} /> : <AlertIcon size={36} />}
        </span>
        <div role={success ? 'status' : 'alert'}>
          <h1 className="payment-result__title">
            {success
              ? t('result.successTitle')
              : uncertain
                ? t('result.uncertainTitle')
                : t('result.failedTitle')}
          </h1>
          <p className="payment-result__body">
            {success ? t('result.successBody') : t(`result.reason.${reason}`)}
          </p>
        </div>

        <div className="payment-result__actions">
          {success ? (
            <>
              <ButtonLink to={paths.home}>{t('result.home')}</ButtonLink>
              <ButtonLink to={paths.subscription} variant="secondary">
                {t('result.viewSubscription')}
              </ButtonLink>
            </>
          ) : (
            <>
              {reason === 'notSignedIn' ? (
                <ButtonLink to={loginRedirect(location.pathname + location.search)}>
                  {t('result.login')}
                </ButtonLink>
              ) : (
                <ButtonLink to={paths.subscription}>{t('result.retry')}</ButtonLink>
              )}
              <ButtonLink to={paths.home} variant="secondary">
                {t('result.home')}
              </ButtonLink>
            </>
          )}
        </div>

        <div className="payment-result__countdown">
          {stayed ? (
            <p>{t('result.stayed')}</p>
          ) : (
            <>
              <p>{t('result.countdown', { count: left })}</p>
              <Button variant="link" onClick={() => setStayed(true)}>
                {t('result.stay')}
              </Button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

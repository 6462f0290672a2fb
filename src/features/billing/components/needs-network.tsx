import { useTranslation } from 'react-i18next';
import { InfoIcon } from './billing-icons';

/**
 * Said beside a payment button that is disabled because the browser is offline: checkout and the
 * subscription portal are pages on the payment provider's side, so nothing can be queued.
 */
export function NeedsNetwork({ id }: { id: string }) {
  const { t } = useTranslation('billing');
  return (
    <p id={id} className="billing-note billing-offline" data-testid="payment-offline">
      <InfoIcon size={18} />
      <span>{t('offline.payment')}</span>
    </p>
  );
}

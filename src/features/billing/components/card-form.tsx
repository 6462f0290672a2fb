import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useOnline } from '../../../lib/offline/use-online';
import { TextField } from '../../../components/ui/text-field';
import { cancelDemoCheckout } from '../api/pay-demo-checkout';
import { cardFieldId, useCardForm } from '../hooks/use-card-form';
import { detectBrand, digitsOf, formatExpiry } from '../lib/card';
import { AlertIcon, LockIcon } from './billing-icons';
import { CardNumberField } from './card-number-field';
import { NeedsNetwork } from './needs-network';
import { TestCards } from './test-cards';

/** A valid demo expiry: this month, three years on. */
function sampleExpiry() {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/**
 * The demo card form: name, number, expiry, CVC, checked here (brand, Luhn, dates) and again by
 * the server; a decline or rejected field shows at that field. Cancel returns to the app.
 */
export function CardForm({ sessionId, amount }: { sessionId: string; amount: string }) {
  const { t } = useTranslation('billing');
  const form = useCardForm(sessionId);
  const [cancelling, setCancelling] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const { cvcSize } = detectBrand(digitsOf(form.values.number));
  const online = useOnline();
  const offlineId = useId();

  const message = (field: 'name' | 'number' | 'expiry' | 'cvc') => {
    const shown = form.shown(field);
    if (!shown) return undefined;
    return 'text' in shown ? shown.text : t(`demo.errors.${shown.key}`, { count: cvcSize });
  };

  const cancel = async () => {
    setCancelFailed(false);
    setCancelling(true);
    try {
      window.location.assign(await cancelDemoCheckout(sessionId));
    } catch {
      setCancelling(false);
      setCancelFailed(true);
    }
  };

  const useCard = (number: string) => {
    form.fill({
      number,
      expiry: form.values.expiry || sampleExpiry(),
      cvc: form.values.cvc || '123',
    });
    document.getElementById(cardFieldId('number'))?.focus();
  };

  const busy = form.busy || cancelling;
  return (
    <>
      <form
        className="card card-form"
        onSubmit={form.submit}
        noValidate
        aria-labelledby="card-form-title"
      >
        <h2 id="card-form-title" className="card-form__title">
          {t('demo.cardDetails')}
        </h2>
        <TextField
          label={t('demo.name')}
          autoComplete="cc-name"
          value={form.values.name}
          onChange={(e) => form.set('name', e.target.value)}
          onBlur={() => form.leave('name')}
          error={message('name')}
          id={cardFieldId('name')}
        />
        <CardNumberField
          id={cardFieldId('number')}
          value={form.values.number}
          error={message('number')}
          onChange={(v) => form.set('number', v)}
          onBlur={() => form.leave('number')}
        />
        <div className="card-form__row">
          <TextField
            label={t('demo.expiry')}
            hint={t('demo.expiryHint')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={form.values.expiry}
            onChange={(e) => form.set('expiry', formatExpiry(e.target.value))}
            onBlur={() => form.leave('expiry')}
            error={message('expiry')}
            id={cardFieldId('expiry')}
          />
          <TextField
            label={t('demo.cvc')}
            hint={t('demo.cvcHint', { count: cvcSize })}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={'•'.repeat(cvcSize)}
            maxLength={cvcSize}
            value={form.values.cvc}
            onChange={(e) => form.set('cvc', digitsOf(e.target.value).slice(0, cvcSize))}
            onBlur={() => form.leave('cvc')}
            error={message('cvc')}
            id={cardFieldId('cvc')}
          />
        </div>

        {form.formProblem && (
          <p className="billing-error" role="alert">
            <AlertIcon size={18} />
            <span>{form.formProblem.text ?? t(`demo.errors.${form.formProblem.key}`)}</span>
          </p>
        )}
        {cancelFailed && (
          <p className="billing-error" role="alert">
            <AlertIcon size={18} />
            <span>{t('demo.errors.cancelFailed')}</span>
          </p>
        )}

        {!online && <NeedsNetwork id={offlineId} />}
        <Button
          type="submit"
          size="lg"
          block
          loading={form.busy}
          disabled={busy || !online}
          aria-describedby={online ? undefined : offlineId}
        >
          <LockIcon size={18} />
          {form.busy ? t('demo.paying') : t('demo.pay', { amount })}
        </Button>
        <Button
          variant="ghost"
          block
          className="card-form__cancel"
          loading={cancelling}
          disabled={busy}
          onClick={cancel}
        >
          {t('demo.cancel')}
        </Button>
      </form>
      <TestCards onUse={useCard} />
    </>
  );
}

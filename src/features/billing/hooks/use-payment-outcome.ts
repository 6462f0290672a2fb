import { useEffect, useState } from 'react';
import { useAuthStore } from '../../../stores/auth-store';
import { getCheckoutResult } from '../api/get-checkout-result';
import { getSubscriptionStatus } from '../api/get-subscription-status';
import {
  reasonOfError,
  viewOfCheckout,
  viewOfStatus,
  type PaymentQuery,
  type PaymentView,
} from '../lib/payment-outcome';

/** After a payment lands, the header's badge and counter follow the new account type. */
async function refreshPremium() {
  const { refreshProfile } = useAuthStore.getState();
  await refreshProfile(true);
  // A refresh already in flight may predate the payment: ask once more if it still says free.
  if (useAuthStore.getState().user?.account_type !== 'premium') await refreshProfile(true);
}

/**
 * The payment result page's state: cancel needs no request; a checkout session is polled
 * while it is processing; without one, the subscription status decides. Waits for the auth
 * check; a visitor who is not signed in cannot be verified.
 */
export function usePaymentOutcome(query: PaymentQuery): PaymentView {
  const auth = useAuthStore((s) => s.status);
  const [result, setResult] = useState<PaymentView>({ view: 'processing' });
  const sessionId = query.kind === 'success' ? query.sessionId : null;

  useEffect(() => {
    if (query.kind === 'cancel' || auth !== 'signedIn') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (view: PaymentView) => {
      if (controller.signal.aborted) return;
      setResult(view);
      if (view.view === 'success') void refreshPremium();
    };
    const check = async (attempt: number) => {
      try {
        if (sessionId) {
          const next = viewOfCheckout(
            await getCheckoutResult(sessionId, controller.signal),
            attempt,
          );
          if (next.pollInMs !== undefined) {
            timer = setTimeout(() => void check(attempt + 1), next.pollInMs);
            return;
          }
          settle(next);
        } else {
          settle(viewOfStatus(await getSubscriptionStatus(controller.signal)));
        }
      } catch (err) {
        settle({ view: 'failed', reason: reasonOfError(err) });
      }
    };
    void check(1);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query.kind, sessionId, auth]);

  if (query.kind === 'cancel') return { view: 'failed', reason: 'cancelled' };
  if (auth === 'signedOut') return { view: 'failed', reason: 'notSignedIn' };
  return result;
}

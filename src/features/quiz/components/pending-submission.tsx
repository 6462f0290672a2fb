import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import type { OutboxRow } from '../../../db';
import { removeItem, retryItem } from '../../../db/outbox';
import { apiErrorText } from '../../../lib/api-error-text';
import { requestFlush } from '../../../lib/offline/sync-engine';
import { useOnline } from '../../../lib/offline/use-online';
import { BackIcon } from './quiz-icons';
import './pending-submission.css';

/**
 * A submission kept on the device: "saved — will be scored when you're back online", sending
 * once there is a network; a refused one says why, with retry and discard. Shown by the
 * questions and results pages until the report arrives.
 */
export function PendingSubmission({ item, materialId }: { item: OutboxRow; materialId: string }) {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const [discarding, setDiscarding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const failed = item.status === 'failed';
  const signedOut = item.lastError?.status === 401 || item.lastError?.status === 403;

  // The page just changed under the learner: say so by moving there.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="page page--narrow quiz-pending">
      <ButtonLink to={paths.material(materialId)} variant="ghost" size="sm" className="quiz-back">
        <BackIcon />
        {t('saved.backToMaterial')}
      </ButtonLink>
      <section
        className={failed ? 'card pending-card pending-card--failed' : 'card pending-card'}
        data-testid="pending-submission"
      >
        <h1 ref={heading} tabIndex={-1} className="pending-card__title">
          {failed ? t('saved.failedTitle') : t('saved.title')}
        </h1>
        <p>
          {failed && item.lastError
            ? t('saved.failedBody', {
                message: apiErrorText(item.lastError),
              })
            : signedOut
              ? t('saved.signedOut')
              : t('saved.body')}
        </p>
        {!failed && !signedOut && online && (
          <p className="pending-card__sending">
            <Spinner size="sm" decorative />
            {t('saved.sending')}
          </p>
        )}
        <div className="pending-card__actions">
          {failed && (
            <>
              <Button
                onClick={() => {
                  void retryItem(item.id).then(() => requestFlush('manual'));
                }}
              >
                {t('saved.retry')}
              </Button>
              <Button variant="secondary" onClick={() => setDiscarding(true)}>
                {t('saved.discard')}
              </Button>
            </>
          )}
          <Link to={paths.outbox} className="pending-card__outbox">
            {t('saved.openOutbox')}
          </Link>
        </div>
      </section>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title={t('outbox.discardTitle')}
        description={t('outbox.discardBody', { title: item.subject.title || t('outbox.untitled') })}
        confirmLabel={t('outbox.discardConfirm')}
        onConfirm={() => void removeItem(item.id)}
      />
    </div>
  );
}

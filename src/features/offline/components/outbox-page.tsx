import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import type { OutboxRow } from '../../../db';
import { listOutbox, removeItem } from '../../../db/outbox';
import { requestFlush } from '../../../lib/offline/sync-engine';
import { useOnline } from '../../../lib/offline/use-online';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthStore } from '../../../stores/auth-store';
import { OutboxItem } from './outbox-item';
import './outbox.css';
import { LineIcon } from '../../../components/ui/line-icon';

const NOW_TICK_MS = 10_000;

/**
 * /outbox: the changes made offline, in the order they will be sent, with why one is waiting or
 * was refused; retry or discard each, or sync now.
 */
export default function OutboxPage() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const items = useLiveQuery(() => listOutbox(userId), [userId]);
  const [syncing, setSyncing] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxRow | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => clearInterval(id);
  }, []);

  useDocumentTitle(t('outbox.docTitle'));

  const syncNow = () => {
    setSyncing(true);
    void requestFlush('manual').finally(() => setSyncing(false));
  };
  const titleOf = (item: OutboxRow) => item.subject.title || t('outbox.untitled');

  if (!items) return <PageSpinner />;
  return (
    <div className="page page--narrow outbox-page">
      <ButtonLink to={paths.home} variant="ghost" size="sm" className="outbox-page__back">
        <LineIcon d="M15 18l-6-6 6-6" />
        {t('outbox.back')}
      </ButtonLink>
      <header className="outbox-page__header">
        <h1 className="outbox-page__title">{t('outbox.title')}</h1>
        <p className="outbox-page__lead">{t('outbox.lead')}</p>
        {items.length > 0 && (
          <div className="outbox-page__actions">
            <Button onClick={syncNow} loading={syncing} disabled={!online}>
              {t('outbox.syncNow')}
            </Button>
            {!online && <p className="outbox-page__hint">{t('outbox.offlineHint')}</p>}
          </div>
        )}
      </header>
      {items.length === 0 ? (
        <section className="card outbox-empty" aria-labelledby="outbox-empty-title">
          <h2 id="outbox-empty-title" className="outbox-empty__title">
            {t('outbox.emptyTitle')}
          </h2>
          <p>{t('outbox.emptyBody')}</p>
        </section>
      ) : (
        <ol className="outbox-list" aria-label={t('outbox.listLabel')}>
          {items.map((item) => (
            <li key={item.id}>
              <OutboxItem item={item} title={titleOf(item)} now={now} onDiscard={setDiscarding} />
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => {
          if (!open) setDiscarding(null);
        }}
        title={t('outbox.discardTitle')}
        description={t('outbox.discardBody', { title: discarding ? titleOf(discarding) : '' })}
        confirmLabel={t('outbox.discardConfirm')}
        onConfirm={() => {
          if (!discarding) return;
          void removeItem(discarding.id).then(() => toast.info(t('outbox.discarded')));
        }}
      />
    </div>
  );
}

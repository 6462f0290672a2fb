import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { OutboxRow } from '../../../db';
import { retryItem } from '../../../db/outbox';
import { apiErrorText } from '../../../lib/api-error-text';
import { requestFlush } from '../../../lib/offline/sync-engine';
import { itemState } from '../lib/item-state';

/** One waiting change: what it is, where it stands, retry and discard. */
export function OutboxItem({
  item,
  title,
  now,
  onDiscard,
}: {
  item: OutboxRow;
  title: string;
  /** The time the panel shows the state at (ticks, so "retrying at" turns into "waiting"). */
  now: number;
  onDiscard: (item: OutboxRow) => void;
}) {
  const { t, i18n } = useTranslation('offline');
  const time = (ms: number) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage === 'en' ? 'en' : 'zh-TW', {
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(ms);
  const state = itemState(item, now);
  const error = item.lastError;
  const reason = !error
    ? ''
    : error.status === 0
      ? t('outbox.noConnection')
      : t('outbox.serverSaid', { message: apiErrorText(error) });
  const files = item.subject.fileNames?.length ?? 0;
  // A queued generation reads as on the material page's card: "Waiting to generate".
  const generation = item.kind === 'quiz-generate' && state === 'queued';
  const questions = generation ? Number(item.body?.questionCount) || 0 : 0;
  const retry = () => void retryItem(item.id).then(() => requestFlush('manual'));

  return (
    <article className={`outbox-item outbox-item--${state}`} data-testid="outbox-item">
      <div className="outbox-item__top">
        <p className="outbox-item__kind">{t(`outbox.kind.${item.kind}`)}</p>
        <Badge tone={state === 'failed' ? 'danger' : 'warning'}>
          {state === 'retrying'
            ? t('outbox.status.retrying', { time: time(item.nextAttemptAt) })
            : generation
              ? t('generate.pendingTitle')
              : t(`outbox.status.${state}`)}
        </Badge>
      </div>
      <h2 className="outbox-item__title">{title}</h2>
      {generation && <p className="outbox-item__reason">{t('generate.pendingBody')}</p>}
      {reason && <p className="outbox-item__reason">{reason}</p>}
      <p className="outbox-item__meta">
        {t('outbox.savedAt', { time: time(item.createdAt) })}
        {files > 0 && <> · {t('outbox.files', { count: files })}</>}
        {questions > 0 && <> · {t('outbox.questions', { count: questions })}</>}
        {item.attempts > 0 && <> · {t('outbox.attempts', { count: item.attempts })}</>}
      </p>
      <div className="outbox-item__actions">
        {state !== 'queued' && state !== 'signedOut' && (
          <Button size="sm" onClick={retry} aria-label={t('outbox.retryLabel', { title })}>
            {t('outbox.retry')}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onDiscard(item)}
          aria-label={t('outbox.discardLabel', { title })}
        >
          {t('outbox.discard')}
        </Button>
      </div>
    </article>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { useMaterials } from '../api/get-materials';
import { useDocumentTitle } from '../hooks/use-document-title';
import { availableOffline, useOfflineData, usePrefetchQuizzes } from '../hooks/use-offline-data';
import { SEARCH_MIN_MATERIALS } from '../lib/constants';
import { filterMaterials } from '../lib/filter-materials';
import type { OutboxRow } from '../../../db';
import type { Material } from '../lib/material';
import { MaterialCard } from './material-card';
import { PendingUploadCard } from './pending-upload-card';
import { PlusIcon, SearchIcon } from './icons';
import './page-common.css';
import './material-list.css';

/** Signed-in "/": the learner's materials as cards, newest first (spec 2, Material list). */
export default function MaterialListPage() {
  // The offline namespace comes with the page: its cards need it, maybe with no network later.
  const { t } = useTranslation(['materials', 'offline']);
  useDocumentTitle(t('list.docTitle'));
  const materials = useMaterials();
  const headingId = useId();
  const offline = useOfflineData();
  usePrefetchQuizzes(
    materials.status === 'ready' ? materials.data : undefined,
    materials.refreshed,
  );

  return (
    <div className="page materials-page">
      <header className="materials-page__header">
        <div>
          <h1 id={headingId} className="materials-page__title">
            {t('list.title')}
          </h1>
          <p className="materials-page__lead">{t('list.lead')}</p>
        </div>
        <ButtonLink to={paths.uploadMaterial} className="materials-page__upload">
          <PlusIcon />
          {t('list.upload')}
        </ButtonLink>
      </header>

      {materials.status === 'loading' && <ListSkeleton />}
      {materials.status === 'error' && (
        <div className="materials-error" role="alert">
          <p>{t('list.loadFailed')}</p>
          <Button variant="secondary" onClick={materials.reload}>
            {t('list.retry')}
          </Button>
        </div>
      )}
      {materials.status === 'ready' &&
        (materials.data.length === 0 && offline.pendingUploads.length === 0 ? (
          <EmptyList />
        ) : (
          <MaterialGrid
            materials={materials.data}
            pending={offline.pendingUploads}
            storedQuizIds={offline.storedQuizIds}
            labelledBy={headingId}
          />
        ))}
    </div>
  );
}

function MaterialGrid({
  materials,
  pending,
  storedQuizIds,
  labelledBy,
}: {
  materials: Material[];
  /** Uploads made offline, shown first until they are sent. */
  pending: readonly OutboxRow[];
  storedQuizIds: ReadonlySet<string>;
  labelledBy: string;
}) {
  const { t } = useTranslation('materials');
  const [query, setQuery] = useState('');
  const shown = filterMaterials(materials, query);
  const searchable = materials.length >= SEARCH_MIN_MATERIALS;
  return (
    <section aria-labelledby={labelledBy}>
      <div className="materials-toolbar">
        <p className="materials-toolbar__count" role="status">
          {query
            ? t('list.matches', { count: shown.length })
            : // Uploads still waiting are counted apart: "1 material · 1 waiting to upload"
              // (only waiting ones: no "0 materials" above them).
              [
                (materials.length > 0 || pending.length === 0) &&
                  t('list.count', { count: materials.length }),
                pending.length > 0 && t('list.waiting', { count: pending.length }),
              ]
                .filter(Boolean)
                .join(' · ')}
        </p>
        {searchable && (
          <div className="materials-search">
            <label htmlFor="material-search" className="visually-hidden">
              {t('list.search')}
            </label>
            <SearchIcon />
            <input
              id="material-search"
              type="search"
              className="materials-search__input"
              placeholder={t('list.searchHint')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </div>
        )}
      </div>
      {shown.length === 0 && pending.length === 0 ? (
        <p className="materials-empty-search">{t('list.noMatches', { query: query.trim() })}</p>
      ) : (
        <ul className="materials-grid">
          {pending.map((item) => (
            <li key={item.id}>
              <PendingUploadCard item={item} />
            </li>
          ))}
          {shown.map((m) => (
            <li key={m.id}>
              <MaterialCard material={m} offline={availableOffline(m, storedQuizIds)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyList() {
  const { t } = useTranslation('materials');
  return (
    <section className="materials-empty" aria-labelledby="materials-empty-title">
      <h2 id="materials-empty-title" className="materials-empty__title">
        {t('list.emptyTitle')}
      </h2>
      <p className="materials-empty__body">{t('list.emptyBody')}</p>
      <ButtonLink to={paths.uploadMaterial} size="lg">
        {t('list.emptyAction')}
      </ButtonLink>
    </section>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('materials');
  return (
    <div className="materials-skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('list.loading')}
      </p>
      <ul className="materials-grid" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="skeleton-card">
            <span className="skeleton skeleton--icon" />
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { searchMaterials, useMaterials } from '../api/get-materials';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { availableOffline, useOfflineData, usePrefetchQuizzes } from '../hooks/use-offline-data';
import { SEARCH_MIN_MATERIALS } from '../lib/constants';
import { filterMaterials } from '../lib/filter-materials';
import { basicFold, loadVariantFold, type Fold } from '../lib/variant-fold';
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
            hasMore={materials.hasMore}
            loadMore={materials.loadMore}
            searchOnline={!materials.offline}
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
  hasMore,
  loadMore,
  searchOnline,
}: {
  materials: Material[];
  /** Uploads made offline, shown first until they are sent. */
  pending: readonly OutboxRow[];
  storedQuizIds: ReadonlySet<string>;
  labelledBy: string;
  /** The server has older materials than these: the next page loads near the end. */
  hasMore: boolean;
  loadMore: () => Promise<void>;
  /** Search on the server (online) rather than the device's copy only. */
  searchOnline: boolean;
}) {
  const { t } = useTranslation('materials');
  const [query, setQuery] = useState('');
  const fold = useVariantFold(query);
  const fromServer = useServerSearch(query, searchOnline);
  const shown = query.trim() ? (fromServer ?? filterMaterials(materials, query, fold)) : materials;
  const searchable = hasMore || materials.length >= SEARCH_MIN_MATERIALS;
  const sentinel = useNearEnd(hasMore && !query.trim(), loadMore);
  return (
    <section aria-labelledby={labelledBy}>
      <div className="materials-toolbar">
        <p className="materials-toolbar__count" role="status">
          {query
            ? t('list.matches', { count: shown.length })
            : // Uploads still waiting are counted apart: "1 material · 1 waiting to upload"
              // (only waiting ones: no "0 materials" above them). With more pages to come the
              // loaded count is not the learner's count.
              [
                !hasMore &&
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
      {sentinel}
    </section>
  );
}

/** The variant fold (臺/台) once its dictionaries load, loaded when a search starts. */
function useVariantFold(query: string): Fold {
  const [fold, setFold] = useState<Fold>(() => basicFold);
  const searching = query.trim() !== '';
  useEffect(() => {
    if (!searching) return;
    let live = true;
    loadVariantFold().then(
      (f) => live && setFold(() => f),
      () => undefined, // offline before the chunk was cached: width and case still fold
    );
    return () => {
      live = false;
    };
  }, [searching]);
  return fold;
}

const SEARCH_DELAY_MS = 250;

/**
 * The server's answer to the query (title, description and extracted text, every material, not
 * only the pages loaded), a moment after typing stops; null while there is none (offline, not
 * yet, or failed), when the device's copy is searched instead.
 */
function useServerSearch(query: string, online: boolean): Material[] | null {
  const [found, setFound] = useState<{ q: string; materials: Material[] } | null>(null);
  const q = query.trim();
  useEffect(() => {
    if (!q || !online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchMaterials(q, controller.signal).then(
        (materials) => setFound({ q, materials }),
        () => undefined,
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, online]);
  return online && found?.q === q ? found.materials : null;
}

/** An invisible mark after the list that calls `load` as it nears the viewport. */
function useNearEnd(active: boolean, load: () => Promise<void>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void load();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, load]);
  return active ? <div ref={ref} className="materials-more" aria-hidden="true" /> : null;
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

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useMaterialContent } from '../api/get-material-content';
import { BLOCKS_PAGE } from '../lib/constants';
import {
  groupByFile,
  groupByUnit,
  takeBlocks,
  warningKey,
  type ContentWarning,
  type MaterialContent,
} from '../lib/content';
import { fileKindOf } from '../lib/file-kind';
import { FileTypeIcon } from './file-type-icon';
import { ChevronIcon, InfoIcon } from './icons';
import './extracted-text-panel.css';

/**
 * "View extracted text": a disclosure that loads the material's text on first open and shows it
 * per file with where each passage came from, so a learner can see what quizzes are based on.
 */
export function ExtractedTextPanel({
  materialId,
  selected,
}: {
  materialId: string;
  selected: ReadonlySet<string>;
}) {
  const { t } = useTranslation('materials');
  const [open, setOpen] = useState(false);
  const content = useMaterialContent(materialId, open);
  const regionId = useId();

  return (
    <section className="detail-section text-panel" aria-labelledby={`${regionId}-title`}>
      <h2 className="detail-section__title text-panel__heading" id={`${regionId}-title`}>
        <button
          type="button"
          className="text-panel__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{t('content.toggle')}</span>
          <ChevronIcon />
        </button>
      </h2>
      <div id={regionId} className="text-panel__body" hidden={!open}>
        <p className="text-panel__intro">{t('content.intro')}</p>
        {open && content.status === 'loading' && (
          <div className="text-panel__loading">
            <Spinner label={t('content.loading')} />
            <span aria-hidden="true">{t('content.loading')}</span>
          </div>
        )}
        {open && content.status === 'error' && (
          <div className="text-panel__error" role="alert">
            <p>{t('content.failed')}</p>
            <Button variant="secondary" size="sm" onClick={content.reload}>
              {t('content.retry')}
            </Button>
          </div>
        )}
        {open && content.status === 'ready' && (
          <ContentView content={content.data} selected={selected} />
        )}
      </div>
    </section>
  );
}

function ContentView({
  content,
  selected,
}: {
  content: MaterialContent;
  selected: ReadonlySet<string>;
}) {
  const { t } = useTranslation('materials');
  const [limit, setLimit] = useState(BLOCKS_PAGE);
  const all = groupByFile(content, selected);
  const total = all.reduce((n, s) => n + s.blocks.length, 0);
  const { sections, hidden } = takeBlocks(all, limit);
  const general = content.warnings.filter((w) => !w.fileId);
  const language = ['zh-TW', 'en'].includes(content.language) ? content.language : 'other';

  return (
    <>
      <dl className="text-panel__facts">
        <div>
          <dt>{t('content.language')}</dt>
          <dd>{t(`content.languages.${language}`)}</dd>
        </div>
        <div>
          <dt className="visually-hidden">{t('content.blocksLabel')}</dt>
          <dd>{t('content.blocks', { count: total })}</dd>
        </div>
      </dl>
      {selected.size > 0 && (
        <p className="text-panel__filtered">{t('content.filtered', { count: selected.size })}</p>
      )}
      <Warnings warnings={general} />
      {total === 0 && <p>{t('content.empty')}</p>}
      {sections.map((s) => (
        <section key={s.file.id} className="text-file" aria-labelledby={`text-file-${s.file.id}`}>
          <h3 className="text-file__name" id={`text-file-${s.file.id}`}>
            <FileTypeIcon kind={fileKindOf(s.file.type || s.file.name)} size={22} />
            <span title={s.file.name}>{s.file.name}</span>
          </h3>
          <Warnings warnings={s.warnings} />
          {groupByUnit(s.blocks).map((unit, u) => (
            <section key={`${unit.key}-${u}`} className="text-unit">
              {unit.label && (
                <h4 className="text-unit__label">{t(unit.label.key, unit.label.values)}</h4>
              )}
              <ol className="text-blocks">
                {unit.blocks.map((b, i) => (
                  <li key={i} className="text-block">
                    <p className="text-block__text">{b.text}</p>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </section>
      ))}
      {hidden > 0 && (
        <Button variant="secondary" block onClick={() => setLimit((n) => n + BLOCKS_PAGE)}>
          {t('content.showMore', { count: hidden })}
        </Button>
      )}
    </>
  );
}

function Warnings({ warnings }: { warnings: ContentWarning[] }) {
  const { t } = useTranslation('materials');
  if (warnings.length === 0) return null;
  return (
    <ul className="text-warnings">
      {warnings.map((w, i) => {
        const pages = w.params?.pages;
        return (
          <li key={`${w.code}-${i}`} className="text-warning">
            <InfoIcon />
            <span>
              {t(warningKey(w.code), {
                ...w.params,
                code: w.code,
                ...(typeof pages === 'number' ? { count: pages } : {}),
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { MaterialProgress } from '../api/types';
import { MAX_LINES, scoreRows, scoreSeries } from '../lib/chart-data';
import { ScoreChart } from './score-chart';

/**
 * Scores over time per material: the line chart, and the same numbers as a data table behind
 * a toggle (the accessible alternative; also the place for more materials than the chart has
 * lines for).
 */
export function ScoreSection({ materials }: { materials: MaterialProgress[] }) {
  const { t, i18n } = useTranslation('progress');
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const series = useMemo(() => scoreSeries(materials), [materials]);
  const rows = useMemo(() => scoreRows(materials), [materials]);
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-TW', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const summary = t('scores.chartSummary', { count: series.length, attempts: rows.length });

  return (
    <section className="card progress-section" aria-labelledby="progress-scores-title">
      <div className="progress-section__head">
        <h2 id="progress-scores-title" className="progress-section__title">
          {t('scores.title')}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? t('scores.hideTable') : t('scores.showTable')}
        </Button>
      </div>
      {materials.length > MAX_LINES && (
        <p className="progress-section__note">{t('scores.moreInTable', { count: MAX_LINES })}</p>
      )}
      <ScoreChart series={series} summary={summary} />
      <div
        id={tableId}
        hidden={!showTable}
        className="score-table-wrap"
        role="region"
        aria-labelledby={`${tableId}-caption`}
        // Scrolls sideways on a phone: reachable with the keyboard.
        tabIndex={0}
      >
        <table className="score-table">
          <caption id={`${tableId}-caption`}>{t('scores.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('scores.material')}</th>
              <th scope="col">{t('scores.quiz')}</th>
              <th scope="col">{t('scores.date')}</th>
              <th scope="col" className="score-table__num">
                {t('scores.score')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.material}</th>
                <td>{r.quiz}</td>
                <td>
                  <time dateTime={r.submittedAt}>
                    {Number.isFinite(Date.parse(r.submittedAt))
                      ? date.format(Date.parse(r.submittedAt))
                      : ''}
                  </time>
                </td>
                <td className="score-table__num">{t('scores.scoreValue', { score: r.score })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

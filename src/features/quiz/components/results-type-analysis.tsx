import { useTranslation } from 'react-i18next';
import type { QuizReport } from '../api/types';
import { typeRows } from '../lib/report-view';

/** Correct / total per question type, with a bar for each. */
export function ResultsTypeAnalysis({ analysis }: { analysis: QuizReport['typeAnalysis'] }) {
  const { t } = useTranslation('quiz');
  const rows = typeRows(analysis);
  if (rows.length === 0) return null;
  return (
    <section className="results-section" aria-labelledby="results-types-title">
      <h2 id="results-types-title" className="results-section__title">
        {t('results.byType')}
      </h2>
      <ul className="type-rows">
        {rows.map((row) => (
          <li key={row.type} className="type-row">
            <span className="type-row__label">
              {t(`types.${row.type}`, { defaultValue: t('types.other') })}
            </span>
            <span className="type-row__value">
              {t('results.typeScore', { correct: row.correct, total: row.total })}
            </span>
            <span className="type-row__track" aria-hidden="true">
              <span className="type-row__fill" style={{ width: `${row.percent}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

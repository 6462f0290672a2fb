import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import type { ConceptAccuracy } from '../api/types';
import { percent } from '../lib/chart-data';

/** Below this a concept is weak (shown in the danger tone, and said in words). */
const WEAK = 0.6;

/**
 * Accuracy per related concept, weakest first, each linking to a review of its cards. Related
 * concepts are premium content: a free account sees why the list is missing, and the way to it.
 */
export function ConceptList({
  concepts,
  locked,
}: {
  concepts: ConceptAccuracy[];
  locked: boolean;
}) {
  const { t } = useTranslation('progress');
  return (
    <section className="card progress-section" aria-labelledby="progress-concepts-title">
      <div className="progress-section__head">
        <h2 id="progress-concepts-title" className="progress-section__title">
          {t('concepts.title')}
        </h2>
      </div>
      {locked ? (
        <div className="concepts-locked">
          <p className="concepts-locked__text">{t('concepts.locked')}</p>
          <ButtonLink to={paths.subscription} size="sm">
            {t('concepts.upgrade')}
          </ButtonLink>
        </div>
      ) : concepts.length === 0 ? (
        <p className="progress-section__note">{t('concepts.empty')}</p>
      ) : (
        <>
          <p className="progress-section__note">{t('concepts.lead')}</p>
          <ol className="concept-list">
            {concepts.map((c) => {
              const pct = percent(c.accuracy);
              const weak = c.total > 0 && c.accuracy < WEAK;
              return (
                <li
                  key={c.concept}
                  className={weak ? 'concept-row concept-row--weak' : 'concept-row'}
                >
                  <div className="concept-row__main">
                    <span className="concept-row__name">{c.concept}</span>
                    <span className="concept-row__score">
                      {c.total > 0
                        ? t('concepts.accuracy', {
                            percent: pct,
                            correct: c.correct,
                            total: c.total,
                          })
                        : t('concepts.noAnswers')}
                      {weak && <span className="concept-row__weak">{t('concepts.weak')}</span>}
                    </span>
                  </div>
                  <div className="concept-row__bar" aria-hidden="true">
                    <span style={{ width: `${pct}%` }} />
                  </div>
                  <div className="concept-row__foot">
                    <span className="concept-row__cards">
                      {t('concepts.cards', { count: c.cardCount })}
                      {c.dueCount > 0 && ` · ${t('concepts.due', { count: c.dueCount })}`}
                    </span>
                    <Link
                      to={paths.reviewConcept(c.concept)}
                      className="concept-row__review"
                      aria-label={t('concepts.reviewLabel', { concept: c.concept })}
                    >
                      {t('concepts.review')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

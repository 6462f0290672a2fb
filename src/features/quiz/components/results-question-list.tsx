import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { AnswerDetail } from '../api/types';
import { ResultsLockedBanner } from './results-locked';
import { ResultsQuestionItem } from './results-question-item';
import './results-review.css';

/** Every question of the attempt; the wrong and unanswered ones start open. */
export function ResultsQuestionList({
  details,
  locked,
}: {
  details: AnswerDetail[];
  locked: boolean;
}) {
  const { t } = useTranslation('quiz');
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(details.filter((d) => !d.isCorrect).map((d) => d.questionId)),
  );
  const allOpen = details.length > 0 && details.every((d) => open.has(d.questionId));
  const toggle = (id: string, isOpen: boolean) =>
    setOpen((s) => {
      if (s.has(id) === isOpen) return s;
      const next = new Set(s);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="results-section" aria-labelledby="results-detail-title">
      <div className="results-section__header">
        <h2 id="results-detail-title" className="results-section__title">
          {t('results.details')}
        </h2>
        {details.length > 1 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setOpen(allOpen ? new Set() : new Set(details.map((d) => d.questionId)))}
          >
            {allOpen ? t('results.collapseAll') : t('results.expandAll')}
          </Button>
        )}
      </div>
      {locked && <ResultsLockedBanner />}
      <ol className="result-list">
        {details.map((d, i) => (
          <li key={d.questionId}>
            <ResultsQuestionItem
              detail={d}
              number={i + 1}
              open={open.has(d.questionId)}
              onToggle={(isOpen) => toggle(d.questionId, isOpen)}
              locked={locked}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';
import type { OutboxRow } from '../../../db';
import type { QuizSummary } from '../lib/material';
import { QUIZ_SORTS, sortQuizzes, type QuizSort } from '../lib/quizzes';
import { GenerateQuizButton } from './generate-quiz-button';
import { PendingGenerationCard } from './pending-generation-card';
import { QuizCard } from './quiz-card';
import './quiz-history.css';

const SORT_LABELS: Record<QuizSort, string> = {
  latest: 'quizzes.sortLatest',
  score: 'quizzes.sortScore',
};

/** The material's quizzes, sortable by latest date or highest score; an invitation when empty. */
export function QuizHistory({
  materialId,
  quizzes,
  storedQuizIds,
  pendingScores,
  pendingGenerations = [],
}: {
  materialId: string;
  quizzes: QuizSummary[];
  /** Quizzes on the device (taken offline) and quizzes submitted offline, not yet scored. */
  storedQuizIds: ReadonlySet<string>;
  pendingScores: ReadonlySet<string>;
  /** Quizzes of this material asked for offline, not generated yet. */
  pendingGenerations?: readonly OutboxRow[];
}) {
  const { t } = useTranslation('materials');
  const [sort, setSort] = useState<QuizSort>('latest');
  const sorted = sortQuizzes(quizzes, sort);
  return (
    <section className="detail-section quiz-history" aria-labelledby="quiz-history-title">
      <div className="quiz-history__header">
        <h2 id="quiz-history-title" className="detail-section__title">
          {t('quizzes.title')}
        </h2>
        {quizzes.length > 1 && (
          <SelectField
            className="quiz-history__sort"
            label={t('quizzes.sort')}
            value={sort}
            onChange={(e) => setSort(e.target.value as QuizSort)}
            options={QUIZ_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))}
          />
        )}
      </div>
      {quizzes.length === 0 && pendingGenerations.length === 0 ? (
        <div className="quiz-empty">
          <h3 className="quiz-empty__title">{t('quizzes.emptyTitle')}</h3>
          <p className="quiz-empty__body">{t('quizzes.emptyBody')}</p>
          <GenerateQuizButton materialId={materialId} />
        </div>
      ) : (
        <ul className="quiz-list">
          {pendingGenerations.map((item) => (
            <li key={item.id}>
              <PendingGenerationCard item={item} />
            </li>
          ))}
          {sorted.map((q) => (
            <li key={q.id}>
              <QuizCard
                materialId={materialId}
                quiz={q}
                offline={storedQuizIds.has(q.id)}
                pendingScore={pendingScores.has(q.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

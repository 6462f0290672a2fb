import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

/** Numbered buttons to jump to any question; answered ones are filled and say so. */
export function QuestionNav({
  total,
  current,
  answered,
  onGo,
  disabled,
}: {
  total: number;
  current: number;
  answered: readonly boolean[];
  onGo: (index: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('quiz');
  return (
    <nav className="question-nav" aria-label={t('take.nav')}>
      <ol className="question-nav__list">
        {Array.from({ length: total }, (_, i) => {
          const done = answered[i] ?? false;
          const here = i === current;
          return (
            <li key={i}>
              <button
                type="button"
                className={clsx(
                  'question-nav__item',
                  done && 'question-nav__item--answered',
                  here && 'question-nav__item--current',
                )}
                aria-current={here ? 'step' : undefined}
                aria-label={t('take.navItem', {
                  n: i + 1,
                  state: done ? t('take.navAnswered') : t('take.navUnanswered'),
                })}
                disabled={disabled}
                onClick={() => onGo(i)}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

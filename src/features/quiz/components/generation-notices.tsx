import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { CrossIcon } from './quiz-icons';

/** The navigation state the loading page hands the questions page: its notices, in words. */
export interface GeneratedQuizState {
  generationNotices?: string[];
}

/**
 * What the generator said about this quiz (fewer questions than asked, not counted against
 * the free quizzes, the language kept…), above the first question until the learner closes
 * it. These were toasts: on a phone, two of them covered the question for eight seconds.
 */
export function GenerationNotices() {
  const { t } = useTranslation();
  const state = useLocation().state as GeneratedQuizState | null;
  const notices = state?.generationNotices?.filter((n) => typeof n === 'string' && n) ?? [];
  const [open, setOpen] = useState(true);
  if (!open || notices.length === 0) return null;
  return (
    <div className="quiz-take__notice quiz-generated-notices" data-testid="generation-notices">
      <ul className="quiz-generated-notices__list">
        {notices.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button
        type="button"
        className="quiz-generated-notices__close"
        aria-label={t('common.close')}
        onClick={() => setOpen(false)}
      >
        <CrossIcon />
      </button>
    </div>
  );
}

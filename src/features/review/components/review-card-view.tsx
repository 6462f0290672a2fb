import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { newId } from '../../../lib/ids';
import { answerCard, ReviewStorageError } from '../api/answer-card';
import type { ReviewCard, ReviewResult } from '../api/types';
import { answerText, stillFirstTry } from '../lib/answer-text';
import { useQuestionKit, type ReviewDraft } from '../lib/question-kit';
import type { AnsweredCard } from '../lib/session';
import { ReviewProgress } from './review-progress';
import { ReviewReveal } from './review-reveal';

/** Answers above a day are not measured times (the API's upper bound). */
const MAX_ELAPSED_MS = 86_400_000;

/**
 * One card: where it comes from, the question with the quiz's own controls, "check" (or
 * "show the answer", which counts as not knowing it); once answered the controls stay as the
 * learner left them, read-only, above the revealed answer.
 */
export function ReviewCardView({
  userId,
  card,
  position,
  total,
  reveal,
  synced,
  isLast,
  onShown,
  onAnswered,
  onNext,
}: {
  userId: string;
  card: ReviewCard;
  position: number;
  total: number;
  reveal: AnsweredCard | null;
  synced: ReadonlyMap<string, ReviewResult>;
  isLast: boolean;
  onShown: (cardId: string) => void;
  onAnswered: (entry: AnsweredCard) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation(['review', 'quiz']);
  const kit = useQuestionKit();
  const { QuestionView } = kit;
  const [draft, setDraft] = useState<ReviewDraft | undefined>();
  const [firstTry, setFirstTry] = useState(true);
  const [shownAt] = useState(() => Date.now());
  // One id per card shown: a retry after a failure is the same answer to the server.
  const [clientReviewId] = useState(() => newId());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    onShown(card.cardId);
    // The next card is announced by moving focus to its question (not on the first one).
    if (position > 1) headingRef.current?.focus();
    // Only when a card first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (next: ReviewDraft) => {
    setMessage(null);
    setFirstTry((was) => was && stillFirstTry(draft, next));
    setDraft(next);
  };

  const submit = async (given: ReviewDraft | undefined) => {
    if (reveal || busy) return;
    const formatted = given ? kit.formatAnswer(card.question, given) : null;
    if (given && !formatted) {
      setMessage(t('card.pickFirst'));
      return;
    }
    // The card names its question: only the answer itself is sent. Nothing: "I don't know".
    const { questionId: _questionId, ...answer } = formatted ?? { questionId: '' };
    const text = given
      ? answerText(kit, card.question, given, {
          true: t('quiz:take.true'),
          false: t('quiz:take.false'),
          joiner: t('reveal.blankJoiner'),
        })
      : '';
    setBusy(true);
    setMessage(null);
    try {
      const answeredAt = Date.now();
      const outcome = await answerCard(userId, card, {
        clientReviewId,
        answer,
        answerText: text,
        elapsedMs: Math.min(Math.max(0, answeredAt - shownAt), MAX_ELAPSED_MS),
        firstTry,
        answeredAt,
      });
      onAnswered({
        cardId: card.cardId,
        clientReviewId,
        card,
        outcome,
        answerText: text,
        answeredAt,
      });
    } catch (err) {
      setMessage(
        err instanceof ReviewStorageError
          ? t('card.storageFull')
          : err instanceof ApiError && err.message
            ? t('card.failed', { message: err.message })
            : t('card.failedUnknown'),
      );
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(draft ?? {});
  };

  return (
    <div className="review-session">
      <ReviewProgress position={position} total={total} />
      <article className="question-card review-card" aria-label={t('card.label')}>
        <p className="review-card__source">
          <span className="visually-hidden">{t('card.from')} </span>
          <span className="review-card__material">{card.materialTitle || card.quizTitle}</span>
          {card.quizTitle && card.materialTitle && card.quizTitle !== card.materialTitle && (
            <span className="review-card__quiz">{card.quizTitle}</span>
          )}
        </p>
        <form className="review-card__form" noValidate onSubmit={onSubmit}>
          {/* Answered: the controls stay as the learner left them, and cannot change. */}
          <fieldset className="review-card__controls" disabled={Boolean(reveal) || busy}>
            <QuestionView
              question={card.question}
              position={position}
              total={total}
              draft={draft}
              onChange={change}
              headingRef={headingRef}
            />
          </fieldset>
          {!reveal && (
            <div className="question-actions review-card__actions">
              <Button variant="ghost" onClick={() => void submit(undefined)} disabled={busy}>
                {t('card.dontKnow')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('card.check')}
              </Button>
            </div>
          )}
          <div className="question-card__message" aria-live="polite">
            {message && (
              <p className="question-card__error" role="alert">
                {message}
              </p>
            )}
          </div>
        </form>
        {reveal && (
          <ReviewReveal
            userId={userId}
            entry={reveal}
            synced={synced}
            isLast={isLast}
            onNext={onNext}
          />
        )}
      </article>
    </div>
  );
}

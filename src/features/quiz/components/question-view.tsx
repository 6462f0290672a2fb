import type { Ref } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { TextField } from '../../../components/ui/text-field';
import type { ClientQuestion } from '../api/types';
import { choiceOptions, normalizeFill, questionIdOf, type Draft } from '../lib/answer-format';
import { examSourceOf, formatExamSource } from '../lib/exam-source';
import { MultiChoices, QuestionChoices } from './question-choices';
import { FillStem } from './question-fill';

/**
 * One question with its answer controls. The heading (focused when the question changes, so
 * it is announced) says which question of how many, then the question itself.
 */
export function QuestionView({
  question,
  position,
  total,
  draft,
  onChange,
  headingRef,
}: {
  question: ClientQuestion;
  position: number;
  total: number;
  draft: Draft | undefined;
  onChange: (draft: Draft) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('quiz');
  const headingId = useId();
  const qid = questionIdOf(question);
  const where = (
    <span className="visually-hidden">{`${t('take.questionOf', { current: position, total })} `}</span>
  );
  // An exam item says where it stands in its paper (「114年 火災學概要 第 12 題」).
  const examSource = formatExamSource(examSourceOf(question), (k, o) => t(k, o));
  const multi = question.type === 'multiple_choice' && question.multiSelect === true;
  const typeLabel = (
    <>
      <Badge tone="brand" className="question__type">
        {multi
          ? t('exam.multiSelect')
          : t(`types.${question.type}`, { defaultValue: t('types.other') })}
      </Badge>
      {examSource && (
        <span className="question__source" data-testid="exam-source">
          {examSource}
        </span>
      )}
      {question.unscored === true && (
        <Badge tone="neutral" className="question__unscored">
          {t('exam.unscored')}
        </Badge>
      )}
    </>
  );

  if (multi) {
    // 複選題: checkboxes, and a hint (read with each box) that every right option is needed.
    return (
      <fieldset className="question">
        <legend className="question__legend">
          {typeLabel}
          <h2 ref={headingRef} tabIndex={-1} className="question__stem">
            {where}
            {question.question}
          </h2>
        </legend>
        <p id={headingId} className="question__hint">
          {t('take.selectAll')}
        </p>
        <MultiChoices
          name={`answer-${qid}`}
          options={choiceOptions(question.options)}
          values={draft?.choices ?? []}
          onChange={(choices) => onChange({ choices })}
          describedBy={headingId}
        />
      </fieldset>
    );
  }

  if (question.type === 'multiple_choice' || question.type === 'true_false') {
    const tf = question.type === 'true_false';
    const options = choiceOptions(question.options);
    return (
      <fieldset className="question">
        <legend className="question__legend">
          {typeLabel}
          <h2 ref={headingRef} tabIndex={-1} className="question__stem">
            {where}
            {question.question}
          </h2>
        </legend>
        <QuestionChoices
          name={`answer-${qid}`}
          options={
            tf && options.length === 0
              ? [
                  { value: 'true', text: t('take.true'), hasId: true },
                  { value: 'false', text: t('take.false'), hasId: true },
                ]
              : options
          }
          value={draft?.choice}
          onChange={(choice) => onChange({ choice })}
          variant={tf ? 'truefalse' : 'letters'}
        />
      </fieldset>
    );
  }

  if (question.type === 'dropdown_fill_in_blank') {
    const { stem, blanks } = normalizeFill(question);
    const values = draft?.blanks ?? {};
    return (
      <div className="question" role="group" aria-labelledby={headingId}>
        <div className="question__legend">{typeLabel}</div>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="question__stem question__stem--fill"
        >
          {where}
          <FillStem
            stem={stem}
            blanks={blanks}
            values={values}
            onChange={(blankId, value) => onChange({ blanks: { ...values, [blankId]: value } })}
          />
        </h2>
        {blanks.length > 1 && <p className="question__hint">{t('take.fillAll')}</p>}
      </div>
    );
  }

  // short_answer (and any type this client does not know): a text answer.
  return (
    <div className="question">
      <div className="question__legend">{typeLabel}</div>
      <h2 ref={headingRef} tabIndex={-1} className="question__stem">
        {where}
        {question.question}
      </h2>
      <TextField
        className="question__short"
        label={t('take.yourAnswer')}
        hint={t('take.shortHint')}
        type="text"
        autoComplete="off"
        enterKeyHint="next"
        maxLength={2000}
        placeholder={t('take.shortPlaceholder')}
        value={draft?.text ?? ''}
        onChange={(e) => onChange({ text: e.target.value })}
      />
    </div>
  );
}

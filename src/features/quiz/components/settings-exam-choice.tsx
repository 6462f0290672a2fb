import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import type { ExamSetup } from '../lib/exam-choice';
import { EXAM_ORDERS, type ExamOrder } from '../lib/settings-form';
import { ChoiceGroup } from './settings-choice-group';

/**
 * What the exam reader found (issue 17): a paper without its key offers unscored practice, to
 * be ticked; a paper with its key says how many items it gives and that they are verbatim.
 */
export function SettingsExamNotes({
  keyless,
  exam,
  paperOnly,
  unscored,
  onToggleUnscored,
}: Pick<ExamSetup, 'keyless' | 'exam' | 'paperOnly'> & {
  unscored: boolean;
  onToggleUnscored: () => void;
}) {
  const { t } = useTranslation('quiz-setup');
  return (
    <>
      {keyless && (
        <div className="settings-exam settings-exam--no-key" data-testid="exam-no-key">
          <p className="settings-exam__count">
            {t('exam.noKey.title', { count: keyless.practice })}
          </p>
          <CheckboxField
            checked={unscored}
            onChange={onToggleUnscored}
            label={t('exam.noKey.practice')}
          />
          <p className="settings-exam__hint">
            {keyless.otherText ? t('exam.noKey.hintMixed') : t('exam.noKey.hintPaper')}
          </p>
        </div>
      )}
      {exam && !exam.unscored && (
        <div className="settings-exam" data-testid="exam-recognised">
          <p className="settings-exam__count">
            {exam.otherText
              ? t('exam.recognisedMixed', { count: exam.usable })
              : t('exam.recognised', { count: exam.usable })}
          </p>
          {paperOnly && <p className="settings-exam__hint">{t('exam.verbatim')}</p>}
        </div>
      )}
    </>
  );
}

/**
 * How many questions; for an exam paper also every item ("all") and in which order they come.
 * Two groups in the settings row.
 */
export function SettingsCount({
  exam,
  counts,
  count,
  order,
  onCount,
  onOrder,
}: Pick<ExamSetup, 'exam' | 'counts' | 'count'> & {
  order: ExamOrder | undefined;
  onCount: (count: number | 'all') => void;
  onOrder: (order: ExamOrder) => void;
}) {
  const { t } = useTranslation('quiz-setup');
  return (
    <>
      <ChoiceGroup
        legend={t('count.legend')}
        layout="segmented"
        choices={counts.map((n) => ({
          value: n,
          label:
            n === 'all' ? t('exam.all', { count: exam?.usable }) : t('count.option', { count: n }),
        }))}
        value={count}
        onChange={onCount}
      />
      {exam ? (
        <ChoiceGroup
          legend={t('exam.orderLegend')}
          layout="segmented"
          choices={EXAM_ORDERS.map((o) => ({ value: o, label: t(`exam.order.${o}`) }))}
          value={order ?? 'random'}
          onChange={onOrder}
        />
      ) : null}
    </>
  );
}

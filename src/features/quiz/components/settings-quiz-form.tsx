import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { useOnline } from '../../../lib/offline/use-online';
import type { QuizMaterial } from '../api/get-quiz-material';
import { useFreeQuota } from '../hooks/settings-free-quota';
import { useSettingsSubmit } from '../hooks/use-settings-submit';
import {
  defaultQuizTitle,
  defaultSettings,
  DIFFICULTIES,
  EXAM_ORDERS,
  examChoiceOf,
  examCountValue,
  examCounts,
  formProblem,
  MAX_INSTRUCTIONS,
  MAX_TITLE,
  QUESTION_COUNTS,
  QUIZ_LANGUAGES,
  type SettingsForm,
} from '../lib/settings-form';
import { useGenerationStore } from '../stores/generation-store';
import { ChoiceGroup } from './settings-choice-group';
import {
  SettingsActions,
  SettingsExamNotes,
  SettingsLimit,
  SettingsTypes,
} from './settings-sections';

export { LIMIT_TOAST_MS } from '../hooks/use-settings-submit';

/** The form as it was left for this material (Back from the loading screen), else defaults. */
function initialForm(material: QuizMaterial): SettingsForm {
  const last = useGenerationStore.getState().lastForm;
  return last && last.materialId === material.id ? last.form : defaultSettings(material.language);
}

const materialLanguageKey = (language: string) =>
  language === 'zh-TW' ? 'zh-TW' : language === 'en' ? 'en-US' : null;

/**
 * The quiz settings (spec §2, §5): count, types, difficulty, language, title and instructions.
 * Sending keeps the request in the generation store and opens the loading screen, which runs it.
 * At the free limit the button is disabled with the reason and a way to upgrade; a start that
 * slips through anyway (a stale profile) goes back to the material with the limit message, as
 * the spec says (§4: starting generation at the limit sends the learner to the material).
 * Offline the button says the quiz will be made once back online, and sending keeps the
 * request in the outbox instead (docs/decisions/0013).
 */
export function SettingsQuizForm({ material }: { material: QuizMaterial }) {
  const { t } = useTranslation('quiz-setup');
  const quota = useFreeQuota();
  const online = useOnline();
  const [search] = useSearchParams();
  // The material page's "practise unscored" link ticks unscored practice (issue 17).
  const [form, setForm] = useState(() => {
    const initial = initialForm(material);
    return search.get('practice') === 'unscored' ? { ...initial, unscored: true } : initial;
  });
  const reasonId = useId();

  // An exam paper with its key (issue 17): its own items, verbatim; a paper alone has no other
  // type, difficulty or language to choose. Without a key, its items only as unscored practice,
  // and only when the learner ticks it.
  const keyless =
    material.exam && !material.exam.keyFound && material.exam.practice > 0 ? material.exam : null;
  const exam = examChoiceOf(material.exam, form);
  const paperOnly = exam !== null && !exam.otherText;
  // A paper alone without key makes no scored quiz: unscored practice must be chosen.
  const needsPractice = keyless !== null && !keyless.otherText && !form.unscored;
  const problem = formProblem(paperOnly ? { ...form, questionTypes: ['multiple_choice'] } : form);
  const blocked = quota.reached || problem !== null || needsPractice;
  const countChoices: Array<{ value: number | 'all'; label: string }> = exam
    ? [
        ...examCounts(exam).map((n) => ({
          value: n,
          label: t('count.option', { count: n }),
        })),
        { value: 'all', label: t('exam.all', { count: exam.usable }) },
      ]
    : QUESTION_COUNTS.map((n) => ({ value: n, label: t('count.option', { count: n }) }));
  const countValue = exam ? examCountValue(form, exam) : form.questionCount;

  const update = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const { onSubmit, queueing } = useSettingsSubmit({
    material,
    form,
    exam,
    limitReached: quota.reached,
    blockedByForm: problem !== null,
  });

  const materialLanguage = materialLanguageKey(material.language);
  const languageHint =
    materialLanguage && materialLanguage !== form.language
      ? t('language.keepsLanguage', {
          material: t(materialLanguage === 'zh-TW' ? 'languageNames.zh' : 'languageNames.en'),
        })
      : undefined;

  return (
    <form className="settings-card" onSubmit={onSubmit} noValidate>
      {quota.reached && <SettingsLimit reasonId={reasonId} />}

      <SettingsExamNotes
        keyless={keyless}
        exam={exam}
        paperOnly={paperOnly}
        unscored={form.unscored === true}
        onToggleUnscored={() => setForm((f) => ({ ...f, unscored: !f.unscored }))}
      />

      <div className="settings-card__row">
        <ChoiceGroup
          legend={t('count.legend')}
          layout="segmented"
          choices={countChoices}
          value={countValue}
          onChange={(n) =>
            setForm((f) =>
              n === 'all' ? { ...f, all: true } : { ...f, all: false, questionCount: n },
            )
          }
        />
        {exam ? (
          <ChoiceGroup
            legend={t('exam.orderLegend')}
            layout="segmented"
            choices={EXAM_ORDERS.map((o) => ({ value: o, label: t(`exam.order.${o}`) }))}
            value={form.order ?? 'random'}
            onChange={(o) => update('order', o)}
          />
        ) : null}
        {!paperOnly && (
          <ChoiceGroup
            legend={t('language.legend')}
            layout="segmented"
            choices={QUIZ_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            value={form.language}
            onChange={(l) => update('language', l)}
            hint={languageHint}
          />
        )}
      </div>

      {!paperOnly && (
        <SettingsTypes
          types={form.questionTypes}
          problem={problem}
          reasonId={reasonId}
          onChange={(next) => update('questionTypes', next)}
        />
      )}

      {!paperOnly && (
        <ChoiceGroup
          legend={t('difficulty.legend')}
          layout="cards"
          choices={DIFFICULTIES.map((d) => ({
            value: d,
            label: t(`difficulty.${d}.label`),
            description: t(`difficulty.${d}.description`),
          }))}
          value={form.difficulty}
          onChange={(d) => update('difficulty', d)}
        />
      )}

      <TextField
        label={
          <>
            {t('title.label')}{' '}
            <span className="field__optional">{t('common.optional', { ns: 'common' })}</span>
          </>
        }
        hint={t('title.hint')}
        placeholder={defaultQuizTitle(material.name, form.language)}
        value={form.title}
        maxLength={MAX_TITLE}
        autoComplete="off"
        onChange={(e) => update('title', e.target.value)}
      />
      <TextAreaField
        className="settings-instructions"
        label={
          <>
            {t('instructions.label')}{' '}
            <span className="field__optional">{t('common.optional', { ns: 'common' })}</span>
          </>
        }
        placeholder={t('instructions.placeholder')}
        hint={
          <>
            <span className="visually-hidden">{t('instructions.counterLabel')}</span>
            {t('instructions.counter', { count: form.instructions.length, max: MAX_INSTRUCTIONS })}
          </>
        }
        value={form.instructions}
        maxLength={MAX_INSTRUCTIONS}
        rows={3}
        onChange={(e) => update('instructions', e.target.value.slice(0, MAX_INSTRUCTIONS))}
      />

      <SettingsActions
        quota={quota}
        problem={problem}
        needsPractice={needsPractice}
        blocked={blocked}
        queueing={queueing}
        online={online}
        reasonId={reasonId}
      />
    </form>
  );
}

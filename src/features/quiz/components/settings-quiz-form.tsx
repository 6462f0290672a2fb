import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { useOnline } from '../../../lib/offline/use-online';
import type { QuizMaterial } from '../api/get-quiz-material';
import { useFreeQuota } from '../hooks/settings-free-quota';
import { useQuizSettingsForm } from '../hooks/use-quiz-settings-form';
import { useSettingsSubmit } from '../hooks/use-settings-submit';
import {
  defaultQuizTitle,
  DIFFICULTIES,
  MAX_INSTRUCTIONS,
  MAX_TITLE,
  QUIZ_LANGUAGES,
} from '../lib/settings-form';
import { ChoiceGroup } from './settings-choice-group';
import { SettingsCount, SettingsExamNotes } from './settings-exam-choice';
import { SettingsActions, SettingsLimit, SettingsTypes } from './settings-sections';

export { LIMIT_TOAST_MS } from '../hooks/use-settings-submit';

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
  const reasonId = useId();
  const settings = useQuizSettingsForm(material);
  const { form, update, exam, paperOnly, problem, needsPractice, keepsLanguage } = settings;
  const { onSubmit, queueing } = useSettingsSubmit({
    material,
    form,
    exam,
    limitReached: quota.reached,
    blockedByForm: problem !== null,
  });
  const defaultTitle = defaultQuizTitle(material.name, form.language);

  return (
    <form className="settings-card" onSubmit={onSubmit} noValidate>
      {quota.reached && <SettingsLimit reasonId={reasonId} />}

      <SettingsExamNotes
        keyless={settings.keyless}
        exam={exam}
        paperOnly={paperOnly}
        unscored={form.unscored === true}
        onToggleUnscored={settings.toggleUnscored}
      />

      <div className="settings-card__row">
        <SettingsCount
          exam={exam}
          counts={settings.counts}
          count={settings.count}
          order={form.order}
          onCount={settings.chooseCount}
          onOrder={(o) => update('order', o)}
        />
        {!paperOnly && (
          <ChoiceGroup
            legend={t('language.legend')}
            layout="segmented"
            choices={QUIZ_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            value={form.language}
            onChange={(l) => update('language', l)}
            hint={
              keepsLanguage
                ? t('language.keepsLanguage', {
                    material: t(
                      keepsLanguage === 'zh-TW' ? 'languageNames.zh' : 'languageNames.en',
                    ),
                  })
                : undefined
            }
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
        className="settings-title"
        label={
          <>
            {t('title.label')}{' '}
            <span className="field__optional">{t('common.optional', { ns: 'common' })}</span>
          </>
        }
        // The placeholder is cut on a phone; the hint names the whole default title.
        hint={t('title.hint', { title: defaultTitle })}
        placeholder={defaultTitle}
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
        blocked={quota.reached || problem !== null || needsPractice}
        queueing={queueing}
        online={online}
        reasonId={reasonId}
      />
    </form>
  );
}

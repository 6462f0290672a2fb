import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { paths } from '../../../config/paths';
import type { useFreeQuota } from '../hooks/settings-free-quota';
import {
  QUESTION_TYPE_VALUES,
  toggleType,
  type formProblem,
  type SettingsForm,
} from '../lib/settings-form';
import { LockIcon, SparkIcon } from './settings-icons';

type Quota = ReturnType<typeof useFreeQuota>;
type Problem = ReturnType<typeof formProblem>;

/** At the free limit: the reason, and a way to upgrade (the submit button points here). */
export function SettingsLimit({ reasonId }: { reasonId: string }) {
  const { t } = useTranslation('quiz-setup');
  return (
    <div className="settings-limit">
      <LockIcon />
      <div>
        <p className="settings-limit__text" id={`${reasonId}-limit`}>
          {t('settings.limitReached')}
        </p>
        <ButtonLink to={paths.subscription} size="sm">
          {t('settings.viewPlans')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** The question types, at least one; the error is tied to the group and to the button. */
export function SettingsTypes({
  types,
  problem,
  reasonId,
  onChange,
}: {
  types: SettingsForm['questionTypes'];
  problem: Problem;
  reasonId: string;
  onChange: (types: SettingsForm['questionTypes']) => void;
}) {
  const { t } = useTranslation('quiz-setup');
  return (
    <fieldset
      className="settings-group"
      aria-describedby={problem === 'noTypes' ? `${reasonId}-types` : undefined}
    >
      <legend className="settings-group__legend">
        {t('types.legend')} <span className="field__optional">{t('types.multiple')}</span>
      </legend>
      <div className="settings-types">
        {QUESTION_TYPE_VALUES.map((type) => (
          <CheckboxField
            key={type}
            className="settings-type"
            checked={types.includes(type)}
            onChange={() => onChange(toggleType(types, type))}
            label={
              <span className="settings-type__text">
                <span className="settings-type__label">{t(`types.${type}.label`)}</span>
                <span className="settings-type__description">{t(`types.${type}.description`)}</span>
              </span>
            }
          />
        ))}
      </div>
      {problem === 'noTypes' && (
        <p id={`${reasonId}-types`} className="settings-group__error" role="alert">
          {t('types.required')}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The submit button and why it cannot be used now (the limit, no type, a paper that needs
 * practice ticked), what offline does, and the free quizzes left.
 */
export function SettingsActions({
  quota,
  problem,
  needsPractice,
  blocked,
  queueing,
  online,
  reasonId,
}: {
  quota: Quota;
  problem: Problem;
  needsPractice: boolean;
  blocked: boolean;
  queueing: boolean;
  online: boolean;
  reasonId: string;
}) {
  const { t } = useTranslation('quiz-setup');
  return (
    <div className="settings-card__actions">
      <Button
        type="submit"
        size="lg"
        disabled={blocked}
        loading={queueing}
        aria-describedby={
          quota.reached
            ? `${reasonId}-limit`
            : problem === 'noTypes'
              ? `${reasonId}-types`
              : !online
                ? `${reasonId}-offline`
                : undefined
        }
      >
        <SparkIcon />
        {online ? t('settings.submit') : t('settings.submitOffline')}
      </Button>
      {!online && !quota.reached && (
        <p className="settings-card__offline" id={`${reasonId}-offline`}>
          {t('settings.offlineHint')}
        </p>
      )}
      {quota.free && !quota.reached && (
        <p className="settings-card__quota" data-testid="free-quota">
          {t('settings.remaining', { left: quota.left, limit: quota.limit })}
        </p>
      )}
      {quota.reached && <p className="settings-card__reason">{t('settings.limitShort')}</p>}
      {needsPractice && !quota.reached && (
        <p className="settings-card__reason">{t('exam.noKey.reason')}</p>
      )}
      {problem === 'noTypes' && !quota.reached && (
        <p className="settings-card__reason">{t('settings.noTypesReason')}</p>
      )}
    </div>
  );
}

import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { TEAM_SIZES, type ContactValues } from '../contact-model';
import { useContactForm } from '../hooks/use-contact-form';

/**
 * The group-plan enquiry. Messages show once a field is touched or after a submit attempt and
 * follow the typing from then on; the server's per-field messages (400 VALIDATION_FAILED) show
 * in the same places. Sending lasts at least CONTACT_DELAY_MS so the state is readable.
 */
export function ContactForm({ onSent }: { onSent: (values: ContactValues) => void }) {
  const { t } = useTranslation('contact');
  const { bind, bindTeamSize, bindConsent, invalidCount, sending, failure, submit } =
    useContactForm(onSent);

  const star = (
    <span className="contact-form__star" aria-hidden="true">
      {' *'}
    </span>
  );

  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-busy={sending || undefined}>
      <p className="contact-form__note">{t('form.requiredNote')}</p>
      {invalidCount > 0 && (
        <p className="contact-form__summary" role="alert">
          {t('errors.summary', { count: invalidCount })}
        </p>
      )}
      <div className="contact-form__grid">
        <TextField
          label={
            <>
              {t('form.name')}
              {star}
            </>
          }
          autoComplete="name"
          required
          maxLength={200}
          {...bind('name')}
        />
        <TextField
          label={
            <>
              {t('form.email')}
              {star}
            </>
          }
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={320}
          {...bind('email')}
        />
        <TextField
          label={
            <>
              {t('form.organization')}
              {star}
            </>
          }
          autoComplete="organization"
          required
          maxLength={200}
          {...bind('organization')}
        />
        <SelectField
          label={
            <>
              {t('form.teamSize')}
              {star}
            </>
          }
          required
          {...bindTeamSize()}
          options={TEAM_SIZES.map((s) => ({ value: s.value, label: t(`teamSizes.${s.key}`) }))}
        />
        <TextField
          className="contact-form__wide"
          label={
            <>
              {t('form.phone')}{' '}
              <span className="field__optional">{t('common.optional', { ns: 'common' })}</span>
            </>
          }
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          {...bind('phone')}
        />
      </div>
      <TextAreaField
        label={
          <>
            {t('form.message')}
            {star}
          </>
        }
        placeholder={t('form.messagePlaceholder')}
        required
        rows={5}
        maxLength={5000}
        {...bind('message')}
      />
      <CheckboxField
        required
        {...bindConsent()}
        label={
          <Trans
            t={t}
            i18nKey="form.consent"
            components={{
              privacy: <Link to={paths.privacy} target="_blank" rel="noopener" />,
            }}
          />
        }
      />
      {failure && (
        <p className="contact-form__summary" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" loading={sending} className="contact-form__submit">
        {sending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}

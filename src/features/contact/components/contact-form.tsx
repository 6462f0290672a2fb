import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { CONTACT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { toSupported } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { sendContact } from '../send-contact';
import {
  CONTACT_FIELDS,
  initialContactValues,
  TEAM_SIZES,
  serverErrorKey,
  validateContact,
  type ContactField,
  type ContactValues,
  type TeamSize,
} from '../contact-model';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fieldId = (field: ContactField) => `contact-${field}`;
const focusField = (field: ContactField) => document.getElementById(fieldId(field))?.focus();

/**
 * The group-plan enquiry. Messages show once a field is touched or after a submit attempt and
 * follow the typing from then on; the server's per-field messages (400 VALIDATION_FAILED) show
 * in the same places. Sending lasts at least CONTACT_DELAY_MS so the state is readable.
 */
export function ContactForm({ onSent }: { onSent: (values: ContactValues) => void }) {
  const { t, i18n } = useTranslation('contact');
  const [values, setValues] = useState<ContactValues>(initialContactValues);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [failure, setFailure] = useState('');

  const errors = validateContact(values);
  const errorFor = (field: ContactField) => {
    if (serverErrors[field]) return serverErrors[field];
    const key = errors[field];
    return key && (touched[field] || submitted) ? t(key) : undefined;
  };
  const invalidCount = submitted ? CONTACT_FIELDS.filter((f) => errorFor(f)).length : 0;

  const set = <K extends ContactField>(field: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const touch = (field: ContactField) => () => setTouched((s) => ({ ...s, [field]: true }));
  const bind = (field: Exclude<ContactField, 'privacyConsent' | 'teamSize'>) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    onBlur: touch(field),
    error: errorFor(field),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setFailure('');
    const first = CONTACT_FIELDS.find((f) => errors[f]);
    if (first) {
      focusField(first);
      return;
    }
    setSending(true);
    const minimum = wait(CONTACT_DELAY_MS);
    try {
      await sendContact({
        name: values.name.trim(),
        email: values.email.trim(),
        organization: values.organization.trim(),
        teamSize: values.teamSize as TeamSize,
        phone: values.phone.trim() || undefined,
        message: values.message.trim(),
        privacyConsent: true,
        locale: toSupported(i18n.resolvedLanguage),
      });
      await minimum;
      onSent(values);
    } catch (err) {
      setSending(false);
      const fields = err instanceof ApiError ? err.data.fields : undefined;
      if (err instanceof ApiError && err.code === 'VALIDATION_FAILED' && fields) {
        const known: Partial<Record<ContactField, string>> = {};
        for (const [field, code] of Object.entries(fields as Record<string, string>)) {
          if (CONTACT_FIELDS.includes(field as ContactField)) {
            known[field as ContactField] = t(serverErrorKey(field as ContactField, String(code)));
          }
        }
        setServerErrors(known);
        const first = CONTACT_FIELDS.find((f) => known[f]);
        if (first) {
          focusField(first);
          return;
        }
      }
      setFailure(t('errors.sendFailed', { message: (err as Error).message }));
    }
  };

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
          id={fieldId('teamSize')}
          label={
            <>
              {t('form.teamSize')}
              {star}
            </>
          }
          name="teamSize"
          required
          value={values.teamSize}
          onChange={(e) => set('teamSize', e.target.value as TeamSize)}
          onBlur={touch('teamSize')}
          error={errorFor('teamSize')}
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
        id={fieldId('privacyConsent')}
        name="privacyConsent"
        required
        checked={values.privacyConsent}
        onChange={(e) => {
          set('privacyConsent', e.target.checked);
          touch('privacyConsent')();
        }}
        error={errorFor('privacyConsent')}
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

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_DELAY_MS } from '../../../config/constants';
import { toSupported } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { sendContact } from '../send-contact';
import {
  CONTACT_FIELDS,
  initialContactValues,
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
 * The enquiry form's state: values, which messages show (a field once touched, every field
 * after a submit attempt, the server's per-field messages in the same places), and sending,
 * which lasts at least CONTACT_DELAY_MS so the state is readable.
 */
export function useContactForm(onSent: (values: ContactValues) => void) {
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

  // The team size is a select; the consent counts as touched as soon as it changes (unticking
  // it says at once that it is needed).
  const bindTeamSize = () => ({
    id: fieldId('teamSize'),
    name: 'teamSize',
    value: values.teamSize,
    onChange: (e: { target: { value: string } }) => set('teamSize', e.target.value as TeamSize),
    onBlur: touch('teamSize'),
    error: errorFor('teamSize'),
  });
  const bindConsent = () => ({
    id: fieldId('privacyConsent'),
    name: 'privacyConsent',
    checked: values.privacyConsent,
    onChange: (e: { target: { checked: boolean } }) => {
      set('privacyConsent', e.target.checked);
      touch('privacyConsent')();
    },
    error: errorFor('privacyConsent'),
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

  return { bind, bindTeamSize, bindConsent, invalidCount, sending, failure, submit };
}

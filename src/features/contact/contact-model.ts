import { EMAIL_PATTERN } from '../../config/constants';

/** The spec's team sizes, sent exactly as written; option labels are translated. */
export const TEAM_SIZES = [
  { value: '5-10人', key: 's5' },
  { value: '11-20人', key: 's11' },
  { value: '21-50人', key: 's21' },
  { value: '51-100人', key: 's51' },
  { value: '100人以上', key: 's100' },
] as const;
export type TeamSize = (typeof TEAM_SIZES)[number]['value'];

export interface ContactValues {
  name: string;
  email: string;
  organization: string;
  teamSize: TeamSize | '';
  phone: string;
  message: string;
  privacyConsent: boolean;
}
export type ContactField = keyof ContactValues;

/** Field order on screen: the first invalid one gets focus on submit. */
export const CONTACT_FIELDS: readonly ContactField[] = [
  'name',
  'email',
  'organization',
  'teamSize',
  'phone',
  'message',
  'privacyConsent',
];

export const initialContactValues: ContactValues = {
  name: '',
  email: '',
  organization: '',
  teamSize: '5-10人',
  phone: '',
  message: '',
  privacyConsent: false,
};

/** The spec's rules: everything but the phone is required; e-mail must look like one. */
export function validateContact(v: ContactValues): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  if (!v.name.trim()) errors.name = 'errors.nameRequired';
  if (!v.email.trim()) errors.email = 'errors.emailRequired';
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = 'errors.emailInvalid';
  if (!v.organization.trim()) errors.organization = 'errors.organizationRequired';
  if (!TEAM_SIZES.some((s) => s.value === v.teamSize)) errors.teamSize = 'errors.teamSizeRequired';
  if (!v.message.trim()) errors.message = 'errors.messageRequired';
  if (!v.privacyConsent) errors.privacyConsent = 'errors.consentRequired';
  return errors;
}

const REQUIRED: Partial<Record<ContactField, string>> = {
  name: 'errors.nameRequired',
  email: 'errors.emailRequired',
  organization: 'errors.organizationRequired',
  teamSize: 'errors.teamSizeRequired',
  message: 'errors.messageRequired',
  privacyConsent: 'errors.consentRequired',
};

/**
 * The translation key for a field error of POST /api/v1/contact (400 VALIDATION_FAILED answers
 * `fields: { name: 'required' }` with stable codes the client words in its own language).
 */
export function serverErrorKey(field: ContactField, code: string): string {
  switch (code) {
    case 'required':
      return REQUIRED[field] ?? 'errors.invalidField';
    case 'invalid_email':
      return 'errors.emailInvalid';
    case 'invalid_choice':
      return 'errors.teamSizeRequired';
    case 'consent_required':
      return 'errors.consentRequired';
    case 'too_long':
      return 'errors.tooLong';
    case 'invalid_characters':
      return 'errors.invalidCharacters';
    default:
      return 'errors.invalidField';
  }
}

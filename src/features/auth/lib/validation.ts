import { PASSWORD_RULE } from '../../../../api/rules/password';
import { EMAIL_PATTERN } from '../../../config/constants';

/** A translation key of the 'auth' namespace naming what is wrong with a field. */
export type ValidationKey =
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.passwordRequired'
  | 'validation.passwordRule'
  | 'validation.confirmRequired'
  | 'validation.passwordMismatch';

/** Spec 5: required, then text@text.text. */
export function checkEmail(value: string): ValidationKey | undefined {
  const email = value.trim();
  if (!email) return 'validation.emailRequired';
  if (!EMAIL_PATTERN.test(email)) return 'validation.emailInvalid';
  return undefined;
}

/** Spec 5: required, then 8+ letters and digits with at least one of each. */
export function checkPassword(value: string): ValidationKey | undefined {
  if (!value) return 'validation.passwordRequired';
  if (!PASSWORD_RULE.test(value)) return 'validation.passwordRule';
  return undefined;
}

/** Spec 5: required, then equal to the password (re-run whenever either changes). */
export function checkConfirm(password: string, confirm: string): ValidationKey | undefined {
  if (!confirm) return 'validation.confirmRequired';
  if (confirm !== password) return 'validation.passwordMismatch';
  return undefined;
}

import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { ValidationKey } from '../lib/validation';

interface Bound {
  name: string;
  value: string;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
  onBlur: () => void;
}

/** A new password with its requirement hint, and its confirmation (register and reset). */
export function PasswordPair({
  passwordLabel,
  password,
  confirm,
  passwordError,
  confirmError,
  disabled,
}: {
  passwordLabel: string;
  password: Bound;
  confirm: Bound;
  passwordError?: ValidationKey;
  confirmError?: ValidationKey;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        {...password}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        error={passwordError && t(passwordError)}
        hint={t('fields.passwordHint')}
      />
      <TextField
        {...confirm}
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        error={confirmError && t(confirmError)}
      />
    </>
  );
}

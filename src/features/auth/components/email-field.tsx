import { forwardRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { ValidationKey } from '../lib/validation';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'error'> & {
  errorKey?: ValidationKey;
};

/** The e-mail input of every auth form: labelled, typed and autocompleted the same way. */
export const EmailField = forwardRef<HTMLInputElement, Props>(function EmailField(
  { errorKey, ...rest },
  ref,
) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      ref={ref}
      label={t('fields.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      error={errorKey && t(errorKey)}
      {...rest}
    />
  );
});

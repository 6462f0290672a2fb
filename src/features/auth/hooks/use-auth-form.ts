import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ValidationKey } from '../lib/validation';

type Values<F extends string> = Record<F, string>;
export type Validate<F extends string> = (values: Values<F>) => Partial<Record<F, ValidationKey>>;

/**
 * Field values and the spec's validation timing (section 5): a field's message shows once it
 * has been left (touched) or the form submitted, and follows every keystroke from then on.
 * Errors are computed from all values, so the confirmation re-checks when the password changes.
 */
export function useAuthForm<F extends string>(fields: readonly F[], validate: Validate<F>) {
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((f) => [f, ''])) as Values<F>,
  );
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);

  const errorOf = (field: F): ValidationKey | undefined =>
    submitted || touched[field] ? errors[field] : undefined;

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const { value } = e.target;
      setValues((v) => ({ ...v, [field]: value }));
    },
    onBlur: () => setTouched((t) => (t[field] ? t : { ...t, [field]: true })),
  });

  /** Marks one field touched (e.g. the e-mail before "resend"); true when it is valid. */
  const touch = (field: F) => {
    setTouched((t) => ({ ...t, [field]: true }));
    return !errors[field];
  };

  /**
   * Call from onSubmit: shows every message and focuses the first invalid field.
   * Returns the values when the form is valid, else null.
   */
  const submit = (e: FormEvent<HTMLFormElement>): Values<F> | null => {
    e.preventDefault();
    setSubmitted(true);
    const firstInvalid = fields.find((f) => errors[f]);
    if (!firstInvalid) return values;
    const input = e.currentTarget.elements.namedItem(firstInvalid);
    if (input instanceof HTMLElement) input.focus();
    return null;
  };

  return { values, errors, errorOf, bind, touch, submit };
}

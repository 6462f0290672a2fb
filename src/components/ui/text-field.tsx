import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldShell, useFieldIds } from './field-shell';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error and hint are tied to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell label={label} ids={ids} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={ids.controlId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
    </FieldShell>
  );
});

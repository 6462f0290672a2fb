import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldShell, useFieldIds } from './field-shell';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  hint?: ReactNode;
}

/** A labelled native select (the most dependable picker on phones and with screen readers). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, error, hint, id, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell label={label} ids={ids} error={error} hint={hint} className={className}>
      <div className="field__select-wrap">
        <select
          ref={ref}
          id={ids.controlId}
          className="field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </FieldShell>
  );
});

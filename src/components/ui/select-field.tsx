import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import clsx from 'clsx';
import './field.css';

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
  const auto = useId();
  const selectId = id ?? auto;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy =
    [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <div className="field__select-wrap">
        <select
          ref={ref}
          id={selectId}
          className="field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
});

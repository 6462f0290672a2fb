import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import clsx from 'clsx';
import './field.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The label may hold a link (e.g. to the privacy policy); it stays outside the click target. */
  label: ReactNode;
  error?: string;
}

/** A checkbox with its label beside it and its error tied to it. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, error, id, className, ...rest }, ref) {
    const auto = useId();
    const inputId = id ?? auto;
    const errorId = `${inputId}-error`;
    return (
      <div className={clsx('field field--checkbox', error && 'field--invalid', className)}>
        <div className="field__check-row">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            className="field__checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...rest}
          />
          <label className="field__check-label" htmlFor={inputId}>
            {label}
          </label>
        </div>
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  },
);

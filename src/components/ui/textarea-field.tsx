import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import clsx from 'clsx';
import './field.css';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line input whose error and hint are tied to it for screen readers. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, id, className, ...rest }, ref) {
    const auto = useId();
    const inputId = id ?? auto;
    const errorId = `${inputId}-error`;
    const hintId = `${inputId}-hint`;
    const describedBy =
      [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') ||
      undefined;
    return (
      <div className={clsx('field', error && 'field--invalid', className)}>
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          className="field__textarea"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
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
  },
);

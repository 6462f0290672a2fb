import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldShell, useFieldIds } from './field-shell';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line input whose error and hint are tied to it for screen readers. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, id, className, ...rest }, ref) {
    const ids = useFieldIds(id, error, hint);
    return (
      <FieldShell label={label} ids={ids} error={error} hint={hint} className={className}>
        <textarea
          ref={ref}
          id={ids.controlId}
          className="field__textarea"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
      </FieldShell>
    );
  },
);

import { useId, type ReactNode } from 'react';
import clsx from 'clsx';
import './field.css';

/** Ids that tie a control to its label, error and hint (error wins over hint). */
export function useFieldIds(id: string | undefined, error?: string, hint?: ReactNode) {
  const auto = useId();
  const controlId = id ?? auto;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy =
    [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, errorId, hintId, describedBy };
}

/** The label above a control and its error (announced) or hint below, for every field kind. */
export function FieldShell({
  label,
  ids,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  ids: ReturnType<typeof useFieldIds>;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={ids.errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

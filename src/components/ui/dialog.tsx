import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import './dialog.css';

/** Dialog root and trigger, straight from Radix (focus trap, Esc, focus return). */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  title: ReactNode;
  /** Read with the title when the dialog opens; omit only when the body says it all. */
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A centred modal with a labelled title, an optional description and a close button. */
export function DialogContent({
  title,
  description,
  children,
  size = 'md',
  className,
}: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog-overlay" />
      <RadixDialog.Content
        className={clsx('dialog', `dialog--${size}`, className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="dialog__header">
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          <RadixDialog.Close className="dialog__close" aria-label={t('common.close')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          </RadixDialog.Close>
        </div>
        {description && (
          <RadixDialog.Description className="dialog__description">
            {description}
          </RadixDialog.Description>
        )}
        <div className="dialog__body">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

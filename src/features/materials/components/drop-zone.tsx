import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import './drop-zone.css';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Accepts dropped files anywhere inside. It is not itself focusable: the browse button inside
 * is the keyboard and screen-reader way in. The drag state is announced politely.
 */
export function DropZone({
  onFiles,
  disabled,
  compact,
  children,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  compact?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('materials');
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const onDragEnter = (e: DragEvent) => {
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length) onFiles(files);
  };

  return (
    <div
      className={clsx(
        'drop-zone',
        dragging && 'drop-zone--active',
        compact && 'drop-zone--compact',
        disabled && 'drop-zone--disabled',
      )}
      role="group"
      aria-label={t('upload.dropZone')}
      data-testid="drop-zone"
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      <p className="visually-hidden" aria-live="polite">
        {dragging ? t('upload.dropActive') : ''}
      </p>
      {dragging && (
        <div className="drop-zone__overlay" aria-hidden="true">
          {t('upload.dropActive')}
        </div>
      )}
    </div>
  );
}

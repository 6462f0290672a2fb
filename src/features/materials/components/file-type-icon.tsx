import clsx from 'clsx';
import type { FileKind } from '../lib/file-kind';
import './file-type-icon.css';

const LABELS: Record<FileKind, string> = {
  pdf: 'PDF',
  word: 'DOC',
  powerpoint: 'PPT',
  spreadsheet: 'XLS',
  image: 'IMG',
  text: 'TXT',
  other: 'FILE',
};

/**
 * A page with a folded corner in the kind's colour and a short tag (PDF, DOC, PPT…).
 * Decorative: the text beside it names the type for assistive tech.
 */
export function FileTypeIcon({
  kind,
  size = 40,
  className,
}: {
  kind: FileKind;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={clsx('file-icon', `file-icon--${kind}`, className)}
      width={size}
      height={size * 1.2}
      viewBox="0 0 40 48"
      aria-hidden="true"
      focusable="false"
    >
      <path
        className="file-icon__page"
        d="M7 1.5h19.5L38.5 13.5V43a3.5 3.5 0 0 1-3.5 3.5H7A3.5 3.5 0 0 1 3.5 43V5A3.5 3.5 0 0 1 7 1.5z"
      />
      <path className="file-icon__fold" d="M26.5 1.5v8.5a3.5 3.5 0 0 0 3.5 3.5h8.5" />
      {kind === 'image' ? (
        <g className="file-icon__glyph">
          <circle cx="14" cy="21" r="3" />
          <path d="M8 34l7.5-8 5 5 4-4 7.5 7z" />
        </g>
      ) : (
        <g className="file-icon__glyph">
          <rect x="9" y="18" width="18" height="2.6" rx="1.3" />
          <rect x="9" y="24" width="13" height="2.6" rx="1.3" />
        </g>
      )}
      <text className="file-icon__tag" x="20" y="41.5" textAnchor="middle">
        {LABELS[kind]}
      </text>
    </svg>
  );
}

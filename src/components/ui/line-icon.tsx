import type { ReactNode } from 'react';

export interface LineIconProps {
  /** One path's data; or give the shapes as children. */
  d?: string;
  children?: ReactNode;
  size?: number;
  strokeWidth?: number;
  className?: string;
}

/**
 * A 24×24 stroke icon drawn in the current text colour. Always decorative: hidden from
 * assistive technology and never focusable, so the control or text beside it names it.
 */
export function LineIcon({ d, children, size = 20, strokeWidth = 2, className }: LineIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {d ? <path d={d} /> : children}
    </svg>
  );
}

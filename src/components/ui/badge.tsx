import type { HTMLAttributes } from 'react';
import clsx from 'clsx';
import './badge.css';

export type BadgeTone =
  'neutral' | 'brand' | 'accent' | 'premium' | 'success' | 'warning' | 'danger';

/** A small pill of status text (account type, score, file count). */
export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={clsx('badge', `badge--${tone}`, className)} {...rest} />;
}

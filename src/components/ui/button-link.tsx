import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import clsx from 'clsx';
import type { ButtonProps } from './button';
import './button.css';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  block?: boolean;
}

/** A router link that looks like a Button (navigation stays a link for assistive tech). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant = 'primary', size = 'md', block, className, ...rest },
  ref,
) {
  return (
    <Link
      ref={ref}
      className={clsx('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', className)}
      {...rest}
    />
  );
});

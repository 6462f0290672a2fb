import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import clsx from 'clsx';
import './menu.css';

/** Dropdown menu parts (Radix: arrow keys, typeahead, Esc, focus return). */
export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;

/** The floating list; aligned to the trigger's end so it stays on screen at 360 px. */
export function MenuContent({
  children,
  className,
  align = 'end',
}: {
  children: ReactNode;
  className?: string;
  align?: 'start' | 'center' | 'end';
}) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={clsx('menu', className)}
        align={align}
        sideOffset={8}
        collisionPadding={8}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

/** One choice. With `asChild`, wrap a router Link so the item stays a real link. */
export function MenuItem({
  className,
  tone,
  ...rest
}: DropdownMenu.DropdownMenuItemProps & { tone?: 'danger' }) {
  return (
    <DropdownMenu.Item
      className={clsx('menu__item', tone && `menu__item--${tone}`, className)}
      {...rest}
    />
  );
}

export function MenuLabel({ className, ...rest }: DropdownMenu.DropdownMenuLabelProps) {
  return <DropdownMenu.Label className={clsx('menu__label', className)} {...rest} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu__separator" />;
}

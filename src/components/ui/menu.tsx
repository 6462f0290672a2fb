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

/** A labelled group of mutually exclusive choices (role="group" + menuitemradio). */
export function MenuRadioGroup({
  label,
  children,
  ...rest
}: DropdownMenu.DropdownMenuRadioGroupProps & { label: string }) {
  return (
    <DropdownMenu.RadioGroup aria-label={label} {...rest}>
      <DropdownMenu.Label className="menu__label" aria-hidden="true">
        {label}
      </DropdownMenu.Label>
      {children}
    </DropdownMenu.RadioGroup>
  );
}

/** One choice of a MenuRadioGroup, with a check mark when chosen. */
export function MenuRadioItem({
  className,
  children,
  ...rest
}: DropdownMenu.DropdownMenuRadioItemProps) {
  return (
    <DropdownMenu.RadioItem className={clsx('menu__item', 'menu__radio', className)} {...rest}>
      <span className="menu__check" aria-hidden="true">
        <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.RadioItem>
  );
}

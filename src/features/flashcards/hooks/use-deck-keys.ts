import { useEffect } from 'react';

/** Keys of a flashcard session: ←/→ move, Space/Enter flip when no other control has focus. */
export function useDeckKeys(handlers: { prev: () => void; next: () => void; flip: () => void }) {
  const { prev, next, flip } = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      const tag = target?.tagName ?? '';
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag) || target?.isContentEditable) return;
      // Inside a dialog or menu the keys are theirs.
      if (target?.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      if (e.key === 'ArrowLeft') {
        e.preventDefault();
        prev();
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        next();
      } else if ((e.key === ' ' || e.key === 'Enter') && !/^(BUTTON|A|SUMMARY)$/.test(tag)) {
        // On a button or link Space/Enter press that control; elsewhere they flip the card.
        e.preventDefault();
        flip();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [prev, next, flip]);
}

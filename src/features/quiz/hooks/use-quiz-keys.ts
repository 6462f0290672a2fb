import { useEffect, useRef } from 'react';

export interface QuizKeyActions {
  /** 1–4: pick the option at that position (0-based), when the question has one there. */
  pick?: (position: number) => void;
  previous: () => void;
  next: () => void;
}

/**
 * Keys a text control needs for itself: typing, caret moves, a select's own choices.
 * Radios keep their arrows too (they move the choice within the group).
 */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    if (target.type === 'radio' || target.type === 'checkbox') return key.startsWith('Arrow');
    return true;
  }
  return false;
}

/**
 * Page-wide quiz keys: 1–4 choose an option, ←/→ go to the previous/next question — unless
 * focus is in a text field or select, a modifier is held, or a dialog is open.
 */
export function useQuizKeys(actions: QuizKeyActions, enabled: boolean) {
  const ref = useRef(actions);
  useEffect(() => {
    ref.current = actions;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      if (ownsKeys(e.target, e.key)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const a = ref.current;
      if (/^[1-4]$/.test(e.key) && a.pick) {
        e.preventDefault();
        a.pick(Number(e.key) - 1);
      } else if (e.key === 'ArrowLeft' && !e.shiftKey) {
        e.preventDefault();
        a.previous();
      } else if (e.key === 'ArrowRight' && !e.shiftKey) {
        e.preventDefault();
        a.next();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

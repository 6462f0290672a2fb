import { lazy, Suspense, useEffect } from 'react';
import { create } from 'zustand';
import { TOAST_MS } from '../../config/constants';

type Kind = 'success' | 'error' | 'info';
/** A link in the toast ("View results"): also reachable later, so it is a shortcut only. */
export interface ToastAction {
  label: string;
  to: string;
}
export interface ToastItem {
  id: number;
  kind: Kind;
  message: string;
  duration: number;
  action?: ToastAction;
}
/** A duration in ms, or options with a link. */
type ToastOptions = number | { duration?: number; action?: ToastAction };

/** `shown`: a toast came once, so the view is loaded and stays mounted. */
const useToasts = create<{ items: ToastItem[]; shown: boolean }>(() => ({
  items: [],
  shown: false,
}));
let nextId = 1;

function push(kind: Kind, message: string, options: ToastOptions = {}) {
  const { duration = TOAST_MS, action } =
    typeof options === 'number' ? { duration: options, action: undefined } : options;
  useToasts.setState((s) => ({
    items: [...s.items, { id: nextId++, kind, message, duration, action }],
    shown: true,
  }));
}
const remove = (id: number) =>
  useToasts.setState((s) => ({ items: s.items.filter((t) => t.id !== id) }));

/** Shows a short message (2 s by default, the spec's toast time). */
export const toast = {
  success: (message: string, options?: ToastOptions) => push('success', message, options),
  error: (message: string, options?: ToastOptions) => push('error', message, options),
  info: (message: string, options?: ToastOptions) => push('info', message, options),
};

const ToastList = lazy(() => import('./toast-list').then((m) => ({ default: m.ToastList })));

/**
 * Renders the queue; mount once near the root. Nothing until the first toast: then the Radix
 * view (./toast-list) loads and stays, so later toasts and their exit animations use it.
 */
export function Toaster() {
  const items = useToasts((s) => s.items);
  const shown = useToasts((s) => s.shown);
  // Not in the first load, but fetched soon after it: the first toast (often right before a
  // navigation) must not wait for its view's code.
  useEffect(() => {
    const timer = setTimeout(() => void import('./toast-list'), 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastList items={items} onClose={remove} />
    </Suspense>
  );
}

import { Toast as RadixToast } from 'radix-ui';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { TOAST_MS } from '../../config/constants';
import './toast.css';

type Kind = 'success' | 'error' | 'info';
/** A link in the toast ("View results"): also reachable later, so it is a shortcut only. */
export interface ToastAction {
  label: string;
  to: string;
}
interface ToastItem {
  id: number;
  kind: Kind;
  message: string;
  duration: number;
  action?: ToastAction;
}
/** A duration in ms, or options with a link. */
type ToastOptions = number | { duration?: number; action?: ToastAction };

const useToasts = create<{ items: ToastItem[] }>(() => ({ items: [] }));
let nextId = 1;

function push(kind: Kind, message: string, options: ToastOptions = {}) {
  const { duration = TOAST_MS, action } =
    typeof options === 'number' ? { duration: options, action: undefined } : options;
  useToasts.setState((s) => ({
    items: [...s.items, { id: nextId++, kind, message, duration, action }],
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

/** Renders the queue; mount once near the root. */
export function Toaster() {
  const { t } = useTranslation();
  const items = useToasts((s) => s.items);
  return (
    <RadixToast.Provider swipeDirection="up" label={t('common.notifications')}>
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          className={`toast toast--${item.kind}`}
          duration={item.duration}
          type={item.kind === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) remove(item.id);
          }}
        >
          <RadixToast.Description className="toast__text">{item.message}</RadixToast.Description>
          {item.action && (
            <RadixToast.Action asChild altText={item.action.label}>
              <Link className="toast__action" to={item.action.to}>
                {item.action.label}
              </Link>
            </RadixToast.Action>
          )}
          <RadixToast.Close className="toast__close" aria-label={t('common.close')}>
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" />
    </RadixToast.Provider>
  );
}

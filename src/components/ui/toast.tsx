import { Toast as RadixToast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { TOAST_MS } from '../../config/constants';
import './toast.css';

type Kind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  kind: Kind;
  message: string;
  duration: number;
}

const useToasts = create<{ items: ToastItem[] }>(() => ({ items: [] }));
let nextId = 1;

function push(kind: Kind, message: string, duration = TOAST_MS) {
  useToasts.setState((s) => ({ items: [...s.items, { id: nextId++, kind, message, duration }] }));
}
const remove = (id: number) =>
  useToasts.setState((s) => ({ items: s.items.filter((t) => t.id !== id) }));

/** Shows a short message (2 s by default, the spec's toast time). */
export const toast = {
  success: (message: string, duration?: number) => push('success', message, duration),
  error: (message: string, duration?: number) => push('error', message, duration),
  info: (message: string, duration?: number) => push('info', message, duration),
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
          <RadixToast.Close className="toast__close" aria-label={t('common.close')}>
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" />
    </RadixToast.Provider>
  );
}

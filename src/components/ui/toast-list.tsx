import { Toast as RadixToast } from 'radix-ui';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ToastItem } from './toast';
import './toast.css';

/**
 * The toasts on screen (Radix Toast). Loaded with the first toast (Toaster in ./toast), so a
 * first visit does not download it; precached for offline use (scripts/build-manifest.ts).
 */
export function ToastList({
  items,
  onClose,
}: {
  items: ToastItem[];
  onClose: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadixToast.Provider swipeDirection="up" label={t('common.notifications')}>
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          className={`toast toast--${item.kind}`}
          duration={item.duration}
          type={item.kind === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onClose(item.id);
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

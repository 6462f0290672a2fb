import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveNotice, type Notice } from '../lib/notice';
import './notice-banner.css';

const ICON_PATHS: Record<Notice['tone'], string> = {
  success: 'M20 6 9 17l-5-5',
  error:
    'M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  info: 'M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0z',
};

/**
 * A success, error or info banner. Errors are alerts (read at once); the rest are polite
 * status messages. `children` holds an optional action such as "resend".
 */
export function NoticeBanner({
  notice,
  children,
  testId,
}: {
  notice: Notice;
  children?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <div
      className={`notice notice--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <svg className="notice__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICON_PATHS[notice.tone]} />
      </svg>
      <div className="notice__body">
        <p className="notice__text">{resolveNotice(notice, t)}</p>
        {children}
      </div>
    </div>
  );
}

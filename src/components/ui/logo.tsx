import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import './logo.css';

/**
 * The Mnemo mark: an "M" drawn as a memory curve that levels off at a teal dot — what you
 * review, you keep. Same drawing as public/logo.svg (the favicon). Decorative: the link or
 * heading around it carries the name.
 */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={clsx('logo-mark', className)}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="2" y="2" width="44" height="44" rx="13" fill="#4f46e5" />
      <path
        d="M9 37C12 37 12.5 14 17 14S21 30 24 30 26.5 14 31 14 35 24 39 24"
        fill="none"
        stroke="#fff"
        strokeWidth="4.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="39" cy="24" r="4.2" fill="#2dd4bf" />
    </svg>
  );
}

/** Mark plus wordmark; `compact` hides the wordmark on very narrow screens. */
export function Logo({ size = 32, compact }: { size?: number; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={clsx('logo', compact && 'logo--compact')}>
      <LogoMark size={size} />
      <span className="logo__word" aria-hidden="true">
        {t('common.appName')}
      </span>
    </span>
  );
}

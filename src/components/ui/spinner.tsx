import { useTranslation } from 'react-i18next';
import './spinner.css';

/** A spinner; announced as "loading" unless it sits inside something that already says so. */
export function Spinner({
  size = 'md',
  label,
  decorative,
}: {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
  decorative?: boolean;
}) {
  const { t } = useTranslation();
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** A full-area spinner for route and auth checks. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="center-screen">
      <Spinner size="lg" label={label} />
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Stands in for a screen whose issue has not landed yet, and says so plainly. */
export default function ComingSoonPage({ feature }: { feature: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <div className="card">
        <h1>{t(`comingSoon.${feature}`)}</h1>
        <p>{t('comingSoon.body')}</p>
        <Link to="/">{t('common.backHome')}</Link>
      </div>
    </div>
  );
}

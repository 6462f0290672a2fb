import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { LogoMark } from '../../components/ui/logo';
import { InstallApp } from '../pwa/install-app';

/** Links to the legal pages and the group-plan form, and the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <LogoMark size={28} />
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.nav')}>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.contact}>{t('footer.contact')}</Link>
            </li>
            <li>
              <Link to={paths.privacy}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to={paths.terms}>{t('footer.terms')}</Link>
            </li>
          </ul>
        </nav>
        <InstallApp />
        <p className="site-footer__copy">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}

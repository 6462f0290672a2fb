import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../stores/auth-store';
import { paths } from '../../config/paths';
import { Logo } from '../../components/ui/logo';
import { ButtonLink } from '../../components/ui/button-link';
import { LanguageSwitcher } from './language-switcher';
import { Avatar } from './avatar';
import { UpdateBanner } from '../pwa/update-banner';

const UserMenu = lazy(() => import('./user-menu'));
// Signed in only, like the menu: visitors' first load goes without it and its tooltip code.
const PlanStatus = lazy(() => import('./plan-status').then((m) => ({ default: m.PlanStatus })));
// The review badge (cards due today) with the on-device review code: signed in only.
const ReviewBadge = lazy(() => import('./review-badge'));

/** Every page's header: logo home; plan, language and account when signed in; login otherwise. */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const signedIn = status === 'signedIn' && user;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="site-header__brand" aria-label={t('header.home')}>
          <Logo compact={Boolean(signedIn)} />
        </Link>
        <div className="site-header__actions">
          {signedIn && (
            <Suspense fallback={null}>
              <PlanStatus user={user} />
            </Suspense>
          )}
          {signedIn && (
            <Suspense fallback={null}>
              <ReviewBadge userId={user.id} />
            </Suspense>
          )}
          <LanguageSwitcher />
          {signedIn ? (
            <Suspense
              fallback={
                <span className="avatar-button">
                  <Avatar name={user.name} />
                </span>
              }
            >
              <UserMenu user={user} />
            </Suspense>
          ) : (
            status === 'signedOut' &&
            pathname !== paths.login && (
              <ButtonLink to={paths.login} size="sm" className="site-header__login">
                {t('header.login')}
              </ButtonLink>
            )
          )}
        </div>
      </div>
      <UpdateBanner />
    </header>
  );
}

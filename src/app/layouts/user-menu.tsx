import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { listOutbox } from '../../db/outbox';
import { useStoredDueCount } from '../../features/review/hooks/use-stored-due-count';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAuthStore, type User } from '../../stores/auth-store';
import { paths } from '../../config/paths';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from '../../components/ui/menu';
import { toast } from '../../components/ui/toast';
import { Avatar } from './avatar';
import './user-menu.css';
import { LineIcon } from '../../components/ui/line-icon';
import {
  isThemePreference,
  setThemePreference,
  THEME_PREFERENCES,
  useThemePreference,
} from '../../lib/theme';

// The reminder setting opens from the menu; its code loads when it is first opened.
const RemindersDialog = lazy(() => import('../../features/review/components/reminders-dialog'));

const icon = (d: string) => <LineIcon d={d} strokeWidth={1.8} />;

const icons: Record<string, ReactNode> = {
  plan: icon('M3 7h18v10H3zM3 11h18M7 15h3'),
  review: icon('M4 12a8 8 0 1 0 2.4-5.7M4 4v4h4M12 8v4l3 2'),
  progress: icon('M4 20V10m6 10V4m6 16v-7m4 7H3'),
  reminders: icon('M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0'),
  outbox: icon('M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4'),
  privacy: icon('M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z'),
  terms: icon('M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5'),
  logout: icon('M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10'),
};

/**
 * Avatar button opening the account menu: plan, changes waiting to sync, legal pages, logout.
 * Loaded only once signed in (the header imports it lazily), so visitors do not download the
 * menu code. Logging out deletes the account's offline data: with changes not yet sent, it asks
 * first.
 */
export default function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useAuthStore((s) => s.signOut);
  const unsent = useLiveQuery(() => listOutbox(user.id), [user.id])?.length ?? 0;
  const [confirming, setConfirming] = useState(false);
  const [reminders, setReminders] = useState(false);
  // Below 420 px the header has no room for the review badge: the count rides on the avatar.
  const due = useStoredDueCount(user.id);
  const theme = useThemePreference();

  const logout = () => {
    void signOut();
    navigate(paths.home);
    toast.info(t('menu.loggedOut'));
  };

  return (
    <Menu modal={false}>
      <MenuTrigger
        className="avatar-button"
        aria-label={due > 0 ? t('menu.accountDue', { count: due }) : t('menu.account')}
      >
        <Avatar name={user.name} />
        {due > 0 && (
          <span className="avatar-due" aria-hidden="true">
            {due > 99 ? '99+' : due}
          </span>
        )}
      </MenuTrigger>
      <MenuContent className="user-menu">
        {(user.name || user.email) && (
          <MenuLabel>
            {user.name && <span className="user-menu__name">{user.name}</span>}
            {user.email && <span className="user-menu__email">{user.email}</span>}
          </MenuLabel>
        )}
        <MenuSeparator />
        <MenuItem asChild>
          <Link to={paths.review}>
            {icons.review}
            {t('menu.review')}
            {due > 0 && <span className="user-menu__count user-menu__count--due">{due}</span>}
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to={paths.progress}>
            {icons.progress}
            {t('menu.progress')}
          </Link>
        </MenuItem>
        <MenuItem onSelect={() => setReminders(true)}>
          {icons.reminders}
          {t('menu.reminders')}
        </MenuItem>
        <MenuItem asChild>
          <Link to={paths.subscription}>
            {icons.plan}
            {t('menu.subscription')}
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to={paths.outbox}>
            {icons.outbox}
            {t('menu.outbox')}
            {unsent > 0 && (
              <span className="user-menu__count" data-testid="outbox-count">
                {unsent}
              </span>
            )}
          </Link>
        </MenuItem>
        <MenuSeparator />
        <MenuRadioGroup
          label={t('menu.theme')}
          value={theme}
          onValueChange={(value) => {
            if (isThemePreference(value)) setThemePreference(value);
          }}
        >
          {THEME_PREFERENCES.map((choice) => (
            <MenuRadioItem key={choice} value={choice} onSelect={(e) => e.preventDefault()}>
              {t(`menu.themes.${choice}`)}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem asChild>
          <Link to={paths.privacy}>
            {icons.privacy}
            {t('menu.privacy')}
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to={paths.terms}>
            {icons.terms}
            {t('menu.terms')}
          </Link>
        </MenuItem>
        <MenuSeparator />
        <MenuItem tone="danger" onSelect={() => (unsent > 0 ? setConfirming(true) : logout())}>
          {icons.logout}
          {t('menu.logout')}
        </MenuItem>
      </MenuContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('menu.logoutConfirmTitle')}
        description={t('menu.logoutConfirmBody', { count: unsent })}
        confirmLabel={t('menu.logoutAnyway')}
        onConfirm={logout}
      />
      {reminders && (
        <Suspense fallback={null}>
          <RemindersDialog open={reminders} onOpenChange={setReminders} />
        </Suspense>
      )}
    </Menu>
  );
}

import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthMode } from '../hooks/use-login-query';

const TABS = ['login', 'register'] as const;
type Tab = (typeof TABS)[number];

export const tabId = (tab: Tab) => `auth-tab-${tab}`;

/** The login / register switch: an ARIA tablist (arrow keys, Home, End move and select). */
export function AuthModeTabs({
  mode,
  panelId,
  onChange,
}: {
  mode: AuthMode;
  panelId: string;
  onChange: (mode: Tab) => void;
}) {
  const { t } = useTranslation('auth');
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(mode as Tab);
    const next: Tab | undefined = {
      ArrowRight: TABS[(index + 1) % TABS.length],
      ArrowLeft: TABS[(index - 1 + TABS.length) % TABS.length],
      Home: TABS[0],
      End: TABS[TABS.length - 1],
    }[e.key];
    if (!next) return;
    e.preventDefault();
    if (next !== mode) onChange(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="auth-tabs" role="tablist" aria-label={t('modes.label')} onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            buttons.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          className="auth-tabs__tab"
          aria-selected={mode === tab}
          aria-controls={panelId}
          tabIndex={mode === tab ? 0 : -1}
          onClick={() => {
            if (mode !== tab) onChange(tab);
          }}
        >
          {t(`modes.${tab}`)}
        </button>
      ))}
    </div>
  );
}

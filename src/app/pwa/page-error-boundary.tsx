import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import './pwa.css';

/**
 * In a page's place when its code cannot load: offline and never opened online (route chunks
 * live in a runtime cache, not the precache), or a new release removed the old file.
 */
function PageError() {
  const { t } = useTranslation();
  const offline = !navigator.onLine;
  return (
    <div className="page page--narrow">
      <div className="card page-error">
        <h1>{offline ? t('pwa.offlinePageTitle') : t('pwa.pageFailedTitle')}</h1>
        <p>{offline ? t('pwa.offlinePageBody') : t('pwa.pageFailedBody')}</p>
        <div className="page-error__actions">
          <Button onClick={() => window.location.reload()}>{t('pwa.reload')}</Button>
          <Link to={paths.home}>{t('common.backHome')}</Link>
        </div>
      </div>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next pathname) clears the failure. */
  resetKey: string;
}
interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

/**
 * Wraps each routed page so a failure keeps the header and footer instead of the router's crash
 * screen; moving to another path tries again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}

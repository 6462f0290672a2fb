import './styles/tokens.css';
import './styles/base.css';

/**
 * The entry: small on purpose. A public page arrives prerendered (scripts/prerender.ts), so the
 * browser paints that HTML first and only then evaluates the app (src/boot.tsx, preloaded by
 * index.html beside this file: vite.config.ts `mnemo:preload-boot`) and hydrates it. A tab in
 * the background paints nothing: there, no wait.
 */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });

const prerendered = Boolean(document.getElementById('root')?.dataset.prerendered);
void (prerendered ? afterNextPaint() : Promise.resolve()).then(() => import('./boot'));

import './styles/tokens.css';
import './styles/base.css';

/**
 * The entry: small on purpose. A public page arrives prerendered (scripts/prerender.ts), so the
 * browser paints that HTML first and only then evaluates the app (src/boot.tsx, preloaded by
 * index.html beside this file: vite.config.ts `mnemo:preload-boot`) and hydrates it. The
 * timeout covers a tab in the background, where no frame comes.
 */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

const prerendered = Boolean(document.getElementById('root')?.dataset.prerendered);
void (prerendered ? afterNextPaint() : Promise.resolve()).then(() => import('./boot'));

/**
 * The build's prerender (scripts/prerender.ts runs this module in Node through Vite): a public
 * page's first view, signed out, in one language, as the HTML inside #root. The browser shows
 * it before any JavaScript arrives and src/main.tsx hydrates it (docs/decisions/0023-delivery.md).
 * Same App, same routes as the browser; only the router is a memory one at `path`.
 */
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import i18n, { htmlLang, type Language } from './i18n';
import { App } from './app/app';
import { routes } from './app/router';

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** `<html lang>` for the language. */
  lang: string;
}

export async function renderPage(path: string, language: Language): Promise<PrerenderedPage> {
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // prerender waits for every lazy route and translation namespace (Suspense) to resolve.
  // One chunk: no boundary is outlined behind an inline script (the CSP allows none).
  const { prelude } = await prerender(<App router={router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  router.dispose();
  return { html, lang: htmlLang(language) };
}

import { describe, expect, it } from 'vitest';
import { fillShell, inlineStylesheets } from '../../scripts/prerender';

// The built shell as vite and vite.config.ts `mnemo:preload-boot` write it.
const shell = `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <script type="module" crossorigin src="/assets/index-def.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const files: Record<string, string> = {
  'assets/index-abc.css': '.site-header__inner{display:flex}',
  'assets/login-page-xyz.css': '.login{color:red}',
};
const readCss = (file: string) => {
  const css = files[file];
  if (css === undefined) throw new Error(`no ${file}`);
  return css;
};

describe('prerendered pages carry their stylesheets inline (decision 0060)', () => {
  it('puts each stylesheet in a <style>, in order, and keeps its link disabled', () => {
    const page = fillShell(
      shell,
      '<main>login</main>',
      'en',
      'en',
      { css: ['assets/login-page-xyz.css'], js: ['assets/login-page-xyz.js'] },
      readCss,
    );
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      '<style data-href="/assets/index-abc.css">.site-header__inner{display:flex}</style>',
    );
    expect(head).toContain(
      '<style data-href="/assets/login-page-xyz.css">.login{color:red}</style>',
    );
    expect(head.indexOf('index-abc.css">.site')).toBeLessThan(
      head.indexOf('login-page-xyz.css">.login'),
    );
    // Nothing the first paint waits for: every stylesheet link is disabled (not fetched), but
    // there for Vite's lazy loader to find.
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/login-page-xyz.css" disabled>',
    ]);
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-page-xyz.js">',
    );
    expect(page).toContain('<div id="root" data-prerendered="en"><main>login</main></div>');
  });

  it('without a reader the links stay as they are', () => {
    const page = fillShell(shell, '<main>x</main>', 'en', 'en');
    expect(page).not.toContain('<style');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });

  it('refuses CSS that would break out of the <style> or resolve against the page', () => {
    expect(() => inlineStylesheets(shell, () => 'a{}</style><p>')).toThrow(/<\/style/);
    expect(() => inlineStylesheets(shell, () => 'a{background:url(./x.png)}')).toThrow(/relative/);
    expect(inlineStylesheets(shell, () => 'a{background:url(/assets/x.png)}')).toContain(
      'url(/assets/x.png)',
    );
  });
});

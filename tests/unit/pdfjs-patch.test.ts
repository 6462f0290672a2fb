import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The one-line change we carry to pdf.js (patches/, applied by patch-package on every install;
 * docs/decisions/0004 "Speed"): TextState.clone copies the state onto the class's prototype
 * instead of making the state it copies its prototype. A reinstall without the patch, or a
 * pdf.js upgrade the patch no longer fits, fails here instead of silently getting slower.
 */

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');

describe('pdf.js patch', () => {
  it('is applied to the installed pdf.js worker', () => {
    const worker = fs.readFileSync(
      require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'),
      'utf8',
    );
    expect(worker).toContain(
      'const clone = Object.assign(Object.create(Object.getPrototypeOf(this)), this);',
    );
    expect(worker).not.toContain('const clone = Object.assign(Object.create(this), this);');
  });

  it('is for the pdf.js version package.json pins', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    const installed = (require('pdfjs-dist/package.json') as { version: string }).version;
    expect(pkg.dependencies['pdfjs-dist']).toBe(installed);
    expect(fs.readdirSync(path.join(root, 'patches'))).toContain(`pdfjs-dist+${installed}.patch`);
    expect(pkg.scripts.postinstall).toBe('patch-package');
  });
});

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'coverage',
      '.tmp',
      '.build',
      'dev-dist',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Only the env module reads process.env.
  {
    files: ['api/**/*.ts'],
    ignores: ['api/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings through api/env.ts and pass them in.',
        },
      ],
    },
  },
  // The API never imports the web app.
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/worker/**'], message: 'api must not import src or worker.' },
          ],
        },
      ],
    },
  },
  // Rules shared with the web import nothing: no Node, no DOM, no other module.
  {
    files: ['api/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['*', '**'], message: 'api/rules must stay pure: import nothing.' }],
        },
      ],
    },
  },
  // The web app and service worker take only types from the API.
  {
    files: ['src/**/*.{ts,tsx}', 'worker/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        // Pure rules both sides apply (api/rules/README.md): the one part of api the web may
        // import as values. Listed before 'server' so that it matches first.
        { type: 'rules', pattern: 'api/rules/**/*', mode: 'full' },
        { type: 'server', pattern: 'api/**/*', mode: 'full' },
        { type: 'feature', pattern: 'src/features/*', capture: ['featureName'] },
        { type: 'app', pattern: 'src/app' },
        {
          type: 'shared',
          pattern: [
            'src/components',
            'src/lib',
            'src/config',
            'src/stores',
            'src/i18n',
            'src/db',
            'src/styles',
          ],
        },
        { type: 'worker', pattern: 'worker' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // shared -> features -> app, one way; features never import each other.
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['feature', 'app', 'shared', 'worker'],
              disallow: ['server'],
              importKind: 'value',
              message: 'The web app and service worker import only types from api.',
            },
            {
              from: 'feature',
              disallow: [['feature', { featureName: '!${from.featureName}' }], 'app'],
              message: 'A feature must not import another feature or the app layer.',
            },
            {
              from: 'shared',
              disallow: ['feature', 'app'],
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
);

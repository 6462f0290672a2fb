import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    environment: 'node',
    // Generous: a 2-core machine running the suites in parallel (servers, OCR, LibreOffice) can
    // take several times longer than a quiet one; the tests assert behaviour, not timings.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
  },
});

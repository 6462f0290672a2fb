import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not notice: fail it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length)
    throw new Error(`console.error was called: ${seen.map((a) => a.join(' ')).join('\n')}`);
});

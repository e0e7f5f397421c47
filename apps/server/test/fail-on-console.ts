import { afterEach, beforeEach, vi } from 'vitest';

// CONVENTIONS §15: an unexpected console error fails the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});

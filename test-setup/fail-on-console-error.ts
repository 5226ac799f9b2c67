import { afterEach, vi } from 'vitest';

// An unexpected console.error fails the test that caused it (architecture.md habit 8).
const errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const seen = errors.splice(0);
  spy.mockClear();
  if (seen.length) {
    throw new Error(
      `console.error was called:\n${seen.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

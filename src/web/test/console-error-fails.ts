import { afterEach, beforeEach } from 'vitest';

/**
 * Setup file of the `web` project (vitest.config.ts): a test that writes to `console.error` fails.
 * React reports a missed `act`, a key warning, a failed render or an uncaught error there, and a
 * test that passes while it does hides a bug. A test that expects an error says so by replacing
 * console.error itself (`vi.spyOn(console, 'error').mockImplementation(() => {})`), which this
 * wrapper then never sees.
 */
const original = console.error;
const text = (value: unknown) => (value instanceof Error ? value.message : String(value));
let written: string[] = [];

beforeEach(() => {
  written = [];
  console.error = (...args: unknown[]) => {
    written.push(args.map(text).join(' '));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (written.length > 0) {
    const lines = written.map((line) => `  - ${line.split('\n')[0]}`).join('\n');
    throw new Error(`The test wrote to console.error (${written.length}×); fix the cause or expect it:\n${lines}`);
  }
});

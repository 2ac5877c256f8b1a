// Test helper shared by the *.test.ts files; not part of the public API.
import { expect } from 'vitest';
import { MoneyError } from './errors';

/** Runs `fn` and returns the MoneyError it throws; fails the test if it throws anything else. */
export function caught(fn: () => unknown): MoneyError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(MoneyError);
    return error as MoneyError;
  }
  throw new Error('expected a MoneyError, nothing was thrown');
}

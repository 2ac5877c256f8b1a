import { describe, expect, it } from 'vitest';
import { pageWindow } from './pager';

// Spec §4 (the dashboard's recent payments and every server-side list): two pages each side of
// the current one, the first and the last page, « … » for the pages left out.
describe('pageWindow', () => {
  it('shows two pages each side, the first and last, and « … » for gaps', () => {
    expect(pageWindow(6, 20)).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, '…', 20]);
    expect(pageWindow(20, 20)).toEqual([1, '…', 18, 19, 20]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('keeps two pages each side of the current one', () => {
    expect(pageWindow(5, 8)).toEqual([1, '…', 3, 4, 5, 6, 7, 8]);
    expect(pageWindow(10, 25)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 25]);
  });

  it('always offers the first and the last page, with « … » for the pages left out', () => {
    expect(pageWindow(1, 8)).toEqual([1, 2, 3, '…', 8]);
    expect(pageWindow(8, 8)).toEqual([1, '…', 6, 7, 8]);
    expect(pageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, '…', 8]);
    expect(pageWindow(5, 7)).toEqual([1, '…', 3, 4, 5, 6, 7]);
    // The window touches the first page: nothing left out, no « … ».
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, '…', 7]);
  });

  it('shows every page of a short list, and one page for none', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});

import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads the file name of an attachment, never a path', () => {
    expect(filenameFromDisposition('attachment; filename="journal-audit-2026-11-21.csv"')).toBe(
      'journal-audit-2026-11-21.csv',
    );
    expect(filenameFromDisposition('attachment; filename=journal.csv')).toBe('journal.csv');
    expect(
      filenameFromDisposition("attachment; filename*=UTF-8''journal%20%C3%A9t%C3%A9.csv"),
    ).toBe('journal été.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

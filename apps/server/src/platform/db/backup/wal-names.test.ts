import { describe, expect, it } from 'vitest';
import { walSegmentsBetween } from './wal-names';

const MB16 = 16 * 1024 * 1024;

describe('WAL segment names between a backup start and stop', () => {
  it('lists one segment when start and stop share it', () => {
    expect(
      walSegmentsBetween('000000010000000000000003', '000000010000000000000003', MB16),
    ).toEqual(['000000010000000000000003']);
  });

  it('crosses from one log to the next (256 segments of 16 MB per 4 GB log)', () => {
    expect(
      walSegmentsBetween('0000000100000000000000FE', '000000010000000100000001', MB16),
    ).toEqual([
      '0000000100000000000000FE',
      '0000000100000000000000FF',
      '000000010000000100000000',
      '000000010000000100000001',
    ]);
  });

  it('honours another segment size (64 MB: 64 segments per log)', () => {
    expect(
      walSegmentsBetween('00000002000000000000003F', '000000020000000100000000', 64 * 1024 * 1024),
    ).toEqual(['00000002000000000000003F', '000000020000000100000000']);
  });

  it('refuses a stop before the start or on another timeline', () => {
    expect(() =>
      walSegmentsBetween('000000010000000000000005', '000000010000000000000004', MB16),
    ).toThrow(/incohérents/);
    expect(() =>
      walSegmentsBetween('000000010000000000000005', '000000020000000000000006', MB16),
    ).toThrow(/incohérents/);
  });
});

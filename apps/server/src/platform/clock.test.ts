import { describe, expect, it } from 'vitest';
import { startOfSchoolDay } from './clock';

describe('the instant a school day begins', () => {
  it('is midnight in the school’s zone', () => {
    expect(startOfSchoolDay('2026-11-21', 'Africa/Lome').toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    expect(startOfSchoolDay('2026-11-21', 'Africa/Lagos').toISOString()).toBe(
      '2026-11-20T23:00:00.000Z',
    );
    expect(startOfSchoolDay('2026-01-01', 'America/Port-au-Prince').toISOString()).toBe(
      '2026-01-01T05:00:00.000Z',
    );
  });

  it('follows a change of offset (summer time)', () => {
    expect(startOfSchoolDay('2026-03-29', 'Europe/Paris').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfSchoolDay('2026-03-30', 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });
});

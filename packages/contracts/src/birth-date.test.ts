import { describe, expect, it } from 'vitest';
import {
  ageOn,
  BirthDateMessages,
  birthDateFieldSchema,
  birthDateProblem,
  latestTodayOnEarth,
  readBirthDate,
} from './birth-date';

describe('birth date', () => {
  it('reads JJ/MM/AAAA and AAAA-MM-JJ, refuses days that do not exist', () => {
    expect(readBirthDate('14/03/2012')).toBe('2012-03-14');
    expect(readBirthDate(' 4/3/2012 ')).toBe('2012-03-04');
    expect(readBirthDate('14.03.2012')).toBe('2012-03-14');
    expect(readBirthDate('14-03-2012')).toBe('2012-03-14');
    expect(readBirthDate('2012-03-14')).toBe('2012-03-14');
    expect(readBirthDate('2012-3-4')).toBe('2012-03-04');
    expect(readBirthDate('29/02/2012')).toBe('2012-02-29');
    for (const text of ['29/02/2013', '31/04/2012', '2012-13-01', '03/14/2012', '14/03/12', 'x']) {
      expect(readBirthDate(text), text).toBeNull();
    }
  });

  it('says what is wrong: not a day, before 1900, after today', () => {
    expect(birthDateProblem('2012-03-14', '2026-11-26')).toBeNull();
    expect(birthDateProblem('1900-01-01', '2026-11-26')).toBeNull();
    expect(birthDateProblem('2026-11-26', '2026-11-26')).toBeNull();
    expect(birthDateProblem('2026-11-27', '2026-11-26')).toBe(BirthDateMessages.future);
    expect(birthDateProblem('1899-12-31', '2026-11-26')).toBe(BirthDateMessages.tooOld);
    expect(birthDateProblem('2012-02-30', '2026-11-26')).toBe(BirthDateMessages.invalid);
  });

  it('counts whole years from the last birthday', () => {
    expect(ageOn('2014-05-12', '2026-05-11')).toBe(11);
    expect(ageOn('2014-05-12', '2026-05-12')).toBe(12);
    expect(ageOn('2012-02-29', '2026-02-28')).toBe(13);
    expect(ageOn('2012-02-29', '2026-03-01')).toBe(14);
  });

  it('the request field: empty is none, absent stays absent, anything else checked', () => {
    expect(birthDateFieldSchema.parse('')).toBeNull();
    expect(birthDateFieldSchema.parse(null)).toBeNull();
    expect(birthDateFieldSchema.parse(undefined)).toBeUndefined();
    expect(birthDateFieldSchema.parse(' 2012-03-14 ')).toBe('2012-03-14');
    const refused = (value: unknown) =>
      birthDateFieldSchema.safeParse(value).error?.issues[0]?.message;
    expect(refused('14/03/2012')).toBe(BirthDateMessages.invalid);
    expect(refused(20120314)).toBe(BirthDateMessages.invalid);
    expect(refused('2012-03-14-extra')).toBe(BirthDateMessages.invalid);
    expect(refused('1850-01-01')).toBe(BirthDateMessages.tooOld);
    expect(refused('9999-12-31')).toBe(BirthDateMessages.future);
    // Today anywhere on Earth is accepted: the server checks the school's own day.
    expect(latestTodayOnEarth(new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-27');
    expect(latestTodayOnEarth(new Date('2026-11-26T09:59:59Z'))).toBe('2026-11-26');
  });
});

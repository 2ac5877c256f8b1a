import { describe, expect, it } from 'vitest';
import { auditListQuerySchema } from './audit';
import { dayRangeQuerySchema, paymentListQuerySchema } from './payment-records';
import { dateOutOfRangeMessage, isoDaySchema, isoInstantSchema } from './common';
import { createAcademicYearRequestSchema } from './programmes';

describe('bounded dates', () => {
  it.each(['2000-01-01', '2026-09-01', '2100-12-31'])('accepts the day %s', (day) => {
    expect(isoDaySchema.parse(day)).toBe(day);
  });

  it.each(['9999-12-31', '1999-12-31', '2101-01-01', '0001-01-01'])(
    'refuses the day %s in French',
    (day) => {
      const result = isoDaySchema.safeParse(day);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(dateOutOfRangeMessage);
    },
  );

  it('still refuses what is not a day', () => {
    expect(isoDaySchema.safeParse('2026-02-30').error?.issues[0]?.message).toMatch(/AAAA-MM-JJ/);
  });

  it('bounds instants the same way', () => {
    expect(isoInstantSchema.safeParse('2026-09-01T08:00:00Z').success).toBe(true);
    expect(isoInstantSchema.safeParse('9999-12-31T23:59:59Z').error?.issues[0]?.message).toBe(
      dateOutOfRangeMessage,
    );
  });

  it('is what every date parameter of the API uses', () => {
    const far = '9999-12-31';
    expect(paymentListQuerySchema.safeParse({ to: far }).success).toBe(false);
    expect(dayRangeQuerySchema.safeParse({ from: '2026-01-01', to: far }).success).toBe(false);
    expect(auditListQuerySchema.safeParse({ from: `${far}T00:00:00Z` }).success).toBe(false);
    const year = { label: '2026-2027', startsOn: '2026-09-01', endsOn: far };
    expect(createAcademicYearRequestSchema.safeParse(year).success).toBe(false);
  });
});

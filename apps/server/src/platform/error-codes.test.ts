import {
  domainErrorCodes,
  errorCatalogue,
  PayerMessages,
  PaymentMessages,
} from '@ecolage/contracts';
import { describe, expect, it } from 'vitest';
import { PayerFormError } from '../modules/payer/links/pay-by-link.service';
import { AppError, domainError, isDomainError, notFound } from './errors';

describe('domain errors of the catalogue', () => {
  it('carry the code, its parameters, its status and its French sentence', () => {
    const below = domainError('AMOUNT_BELOW_MINIMUM', { minimum: 10_000 }, { field: 'amount' });
    expect(below).toBeInstanceOf(AppError);
    expect(below).toMatchObject({
      code: 'AMOUNT_BELOW_MINIMUM',
      params: { minimum: 10_000 },
      statusCode: 422,
      message: PayerMessages.amountBelowMinimum,
      issues: [{ path: 'amount', message: PayerMessages.amountBelowMinimum }],
    });
    const refund = domainError('REFUND_ABOVE_REFUNDABLE', { refundable: 25_000 });
    expect(refund).toMatchObject({ statusCode: 400, params: { refundable: 25_000 } });
    expect(refund.message).toBe(PaymentMessages.refundAboveRefundable);
    expect(isDomainError(refund, 'REFUND_ABOVE_REFUNDABLE')).toBe(true);
    expect(isDomainError(refund, 'REFUND_ALREADY_PENDING')).toBe(false);
  });

  it('have no parameters when the code takes none, and may be told another status', () => {
    const taken = domainError('ROLE_NAME_TAKEN', {}, { field: 'name' });
    expect(taken.params).toBeUndefined();
    expect(taken.statusCode).toBe(409);
    expect(notFound('STUDENT_NOT_FOUND').statusCode).toBe(404);
    expect(domainError('STUDENT_NOT_FOUND', {}, { statusCode: 400 }).statusCode).toBe(400);
  });

  it('reach the payer’s link form by code', () => {
    const refused = PayerFormError.of('AMOUNT_BELOW_MINIMUM', 422, 'amount', { minimum: 5_000 });
    expect(refused).toMatchObject({
      code: 'AMOUNT_BELOW_MINIMUM',
      statusCode: 422,
      field: 'amount',
      message: PayerMessages.amountBelowMinimum,
    });
  });

  it('are UPPER_SNAKE, each with a 4xx or 5xx status and a French sentence', () => {
    for (const code of domainErrorCodes) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      const { status, message } = errorCatalogue[code] as {
        status: number;
        message: (params: object) => string;
      };
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(
        message({
          minimum: 1,
          balance: 1,
          refundable: 1,
          amount: 1,
          line: 2,
          column: 'Nom',
          field: 'nom',
        }),
        code,
      ).toMatch(/^[A-ZÀ-Ý«].+[.!]$/);
    }
  });
});

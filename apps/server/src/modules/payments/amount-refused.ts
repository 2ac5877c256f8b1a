import type { DomainErrorCode, PaymentAmountRefusal } from '@ecolage/contracts';
import { domainError, type AppError, type DomainErrorOptions } from '../../platform/errors';

/**
 * An amount the payment rules refuse (`checkPaymentAmount`), as the API answers it: the refusal's
 * code and parameters (`AMOUNT_ABOVE_BALANCE {balance}`…), its French sentence on the `amount` field.
 */
export function amountRefused(refusal: PaymentAmountRefusal): AppError {
  const raise = domainError as (
    code: DomainErrorCode,
    params: object,
    options: DomainErrorOptions,
  ) => AppError;
  return raise(refusal.code, refusal.params, { field: 'amount' });
}

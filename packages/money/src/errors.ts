/**
 * Machine-readable codes carried by every {@link MoneyError}. The French sentence in `message`
 * is what a person reads; the code is what calling code branches on.
 */
export const MoneyErrorCode = {
  /** Not a whole number: a fraction, NaN, ±Infinity, a non-number, or text like « 150,5 ». */
  NOT_AN_INTEGER: 'NOT_AN_INTEGER',
  /** An input lies outside Number.MIN_SAFE_INTEGER..Number.MAX_SAFE_INTEGER. */
  UNSAFE_INTEGER: 'UNSAFE_INTEGER',
  /** A computed result would leave the safe-integer range, so it could not be exact. */
  OVERFLOW: 'OVERFLOW',
  /** Text given to `parseFrancs` is empty or is not a written amount at all. */
  INVALID_TEXT: 'INVALID_TEXT',
  /** Allocation weights are missing, negative, non-integer, or all zero. */
  INVALID_WEIGHTS: 'INVALID_WEIGHTS',
  /** A count (number of parts) is not a positive integer. */
  INVALID_COUNT: 'INVALID_COUNT',
  /** The value is an integer but outside the range the function supports. */
  OUT_OF_RANGE: 'OUT_OF_RANGE',
} as const;
export type MoneyErrorCode = (typeof MoneyErrorCode)[keyof typeof MoneyErrorCode];

/** The single error type thrown by `@ecolage/money`; `message` is a French sentence. */
export class MoneyError extends Error {
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.name = 'MoneyError';
    this.code = code;
  }
}

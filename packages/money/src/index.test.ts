import { describe, expect, it } from 'vitest';
import * as money from './index';

describe('@ecolage/money public API', () => {
  it('exports exactly the documented functions and constants', () => {
    expect(Object.keys(money).sort()).toEqual(
      [
        'CURRENCY_LABEL',
        'MAX_FRENCH_WORDS',
        'MoneyError',
        'MoneyErrorCode',
        'NARROW_NO_BREAK_SPACE',
        'NO_BREAK_SPACE',
        'addFrancs',
        'allocateFrancs',
        'amountInFrenchWords',
        'assertFrancs',
        'formatFrancs',
        'formatFrancsAscii',
        'formatWholeNumber',
        'isFrancs',
        'multiplyFrancs',
        'numberInFrenchWords',
        'parseFrancs',
        'percentOf',
        'splitEvenly',
        'subtractFrancs',
        'sumFrancs',
      ].sort(),
    );
  });

  it('ties the pieces together: allocate, format and write a receipt line', () => {
    const instalments = money.splitEvenly(money.parseFrancs('150 001 FCFA'), 3);
    expect(instalments).toEqual([50_001, 50_000, 50_000]);
    expect(money.sumFrancs(instalments)).toBe(150_001);
    expect(money.formatFrancsAscii(instalments[0] ?? 0)).toBe('50 001 FCFA');
    expect(money.amountInFrenchWords(instalments[0] ?? 0)).toBe('cinquante mille un francs CFA');
  });

  it('throws MoneyError instances that carry a code and a French message', () => {
    try {
      money.parseFrancs('150,5');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(money.MoneyError);
      expect(error).toBeInstanceOf(Error);
      expect((error as InstanceType<typeof money.MoneyError>).code).toBe(
        money.MoneyErrorCode.NOT_AN_INTEGER,
      );
    }
  });
});
